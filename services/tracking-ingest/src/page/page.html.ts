import { createHash } from 'node:crypto';
import { PAGE_CSS, accentVars } from './page.css';
import { PROBLEMS, STEPS, type PageStatus, type TrackingView } from './page.view';

/** A rendered page and the Content-Security-Policy that lets exactly its inline style (and logo) load. */
export interface RenderedPage { html: string; csp: string }

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Events shown at most; the JSON answer has them all. Keeps the page well under 30 KB. */
export const MAX_EVENTS_SHOWN = 60;

export const HEADLINES: Record<PageStatus, [string, string]> = {
  LABEL_CREATED: ['Label created', 'The sender has prepared your parcel for the carrier. This page updates as the carrier reports progress.'],
  INFO_RECEIVED: ['Label created', 'The carrier has your parcel\u2019s details and expects to receive it soon.'],
  IN_TRANSIT: ['On its way', 'Your parcel is moving through the carrier\u2019s network.'],
  OUT_FOR_DELIVERY: ['Out for delivery', 'Your parcel is with the driver and should arrive today.'],
  DELIVERED: ['Delivered', 'Your parcel has been delivered.'],
  DELIVERY_FAILED: ['Delivery attempt failed', 'The carrier could not deliver your parcel. It will usually try again or leave a note saying what happens next.'],
  EXCEPTION: ['There is a problem with this delivery', 'The carrier has reported a problem that may delay your parcel.'],
  RETURNED: ['Returning to the sender', 'The carrier is sending your parcel back to the sender.'],
};
/** What an event says when the carrier sent no description. */
const STATUS_WORDS: Record<PageStatus, string> = {
  LABEL_CREATED: 'Label created', INFO_RECEIVED: 'Carrier has the parcel details', IN_TRANSIT: 'In transit', OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered', DELIVERY_FAILED: 'Delivery attempt failed', EXCEPTION: 'Problem reported', RETURNED: 'Returned to sender',
};
const PROBLEM_STEP: Partial<Record<PageStatus, string>> = { DELIVERY_FAILED: 'Delivery failed', EXCEPTION: 'Problem reported', RETURNED: 'Returning to sender' };

function csp(style: string, logoUrl: string | null, frameAncestors: string): string {
  const hash = createHash('sha256').update(style).digest('base64');
  const img = logoUrl ? `; img-src ${new URL(logoUrl).origin}` : '';
  return `default-src 'none'; style-src 'sha256-${hash}'${img}; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;
}

/** The document around a page's content: no script, no external style, no index. */
function layout(title: string, accent: string | null, brand: string, body: string, logoUrl: string | null, frameAncestors = "'none'"): RenderedPage {
  const style = `${PAGE_CSS}\n${accentVars(accent)}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${style}</style></head>`
    + `<body><header class="top"><div>${brand}</div></header>${body}</body></html>`;
  return { html, csp: csp(style, logoUrl, frameAncestors) };
}

function brandOf(v: TrackingView): string {
  const m = v.merchant;
  const logo = m.logoUrl ? `<img src="${esc(m.logoUrl)}" alt="" height="40">` : '';
  return `${logo}<p>${esc(m.displayName)}</p>`;
}

function progress(v: TrackingView): string {
  const badAt = v.problem ? Math.min(v.step + 1, STEPS.length - 1) : -1;
  const items = STEPS.map((label, i) => {
    if (i === badAt) return `<li class="bad" aria-current="step">${esc(PROBLEM_STEP[v.status] ?? label)}<span class="vh"> (problem)</span></li>`;
    if (i < v.step || (i === v.step && v.problem)) return `<li class="done">${label}<span class="vh"> (done)</span></li>`;
    if (i === v.step) return `<li class="${v.step === STEPS.length - 1 ? 'done' : 'now'}" aria-current="step">${label}<span class="vh"> (current)</span></li>`;
    return `<li>${label}<span class="vh"> (to come)</span></li>`;
  });
  return `<ol class="progress" aria-label="Delivery progress">${items.join('')}</ol>`;
}

const dateOnly = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

function eventList(v: TrackingView): string {
  if (v.events.length === 0) return '<p>No updates from the carrier yet.</p>';
  const zone = v.destination.timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: zone });
  const many = v.packages.length > 1;
  const rows = v.events.slice(0, MAX_EVENTS_SHOWN).map((e, i) => {
    const where = e.location ? `<p class="where">${esc(e.location)}</p>` : '';
    const pkg = many ? `<p class="pkg">Parcel ${esc(e.trackingNumber)}</p>` : '';
    return `<li${i === 0 ? ' class="latest"' : ''}><time datetime="${e.occurredAt.toISOString()}">${day.format(e.occurredAt)}<br>${time.format(e.occurredAt)}</time>`
      + `<div><p>${esc(e.description ?? STATUS_WORDS[e.status])}</p>${where}</div>${pkg}</li>`;
  });
  const more = v.events.length > MAX_EVENTS_SHOWN ? `<p>${v.events.length - MAX_EVENTS_SHOWN} earlier updates are not shown.</p>` : '';
  return `<ol class="events">${rows.join('')}</ol>${more}`;
}

function details(v: TrackingView): string {
  const d = v.destination;
  const to = [d.town, d.district].filter(Boolean).join(', ');
  const numbers = v.packages.length > 1 || v.packages[0]?.packages > 1
    ? `<table><caption class="vh">Parcels</caption><thead><tr><th scope="col">Tracking number</th><th scope="col">Status</th></tr></thead><tbody>${v.packages.map((p) =>
      `<tr><td><code>${esc(p.trackingNumber)}</code>${p.packages > 1 ? ` (${p.packages} parcels)` : ''}</td><td>${STATUS_WORDS[p.status]}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<section class="card" aria-labelledby="details"><h2 id="details">Delivery details</h2><dl>`
    + `<dt>Carrier</dt><dd>${esc(v.carrier)}${v.service ? ` \u00b7 ${esc(v.service)}` : ''}</dd>`
    + (v.packages.length === 1 ? `<dt>Tracking number</dt><dd><code>${esc(v.packages[0].trackingNumber)}</code></dd>` : `<dt>Parcels</dt><dd>${v.packages.length}</dd>`)
    + (to ? `<dt>Delivering to</dt><dd>${esc(to)}</dd>` : '')
    + `</dl>${numbers}</section>`;
}

/** The lead in the plural, for a consignment of several parcels. */
const plural = (text: string): string => text.replace('Your parcel has', 'Your parcels have').replace('Your parcel is', 'Your parcels are')
  .replace('your parcel\u2019s', 'your parcels\u2019').replace(/your parcel\b/g, 'your parcels').replace(/receive it/, 'receive them');

function helpLine(v: TrackingView): string {
  const m = v.merchant;
  return m.supportEmail
    ? `Write to ${esc(m.displayName)} at <a href="mailto:${esc(m.supportEmail)}">${esc(m.supportEmail)}</a>.`
    : `Contact ${esc(m.displayName)}, who sent it, or ${esc(v.carrier)}.`;
}

/** The recipient's page (docs/api/tracking-page.md). `frameAncestors` is 'self' only for the console's preview. */
export function renderTrackingPage(v: TrackingView, frameAncestors = "'none'"): RenderedPage {
  const [headline, singular] = HEADLINES[v.status];
  const parcels = v.packages.reduce((n, p) => n + p.packages, 0);
  const lead = parcels > 1 ? plural(singular) : singular;
  const eta = v.expectedDeliveryDate && !['DELIVERED', 'OUT_FOR_DELIVERY'].includes(v.status) && !PROBLEMS.has(v.status)
    ? `<p class="eta">Expected ${dateOnly.format(new Date(`${v.expectedDeliveryDate}T12:00:00Z`))}</p>` : '';
  const alert = v.problem ? `<div class="alert" role="note"><strong>Need help?</strong> ${helpLine(v)}</div>` : '';
  const help = v.merchant.supportEmail && !v.problem ? `<p>Questions about your order? ${helpLine(v)}</p>` : '';
  const zone = v.destination.timeZone ? `local to the delivery address (${esc(v.destination.timeZone.replace(/_/g, ' '))})` : 'in UTC';
  const body = `<main><section class="card" aria-labelledby="status"><h1 id="status">${esc(headline)}</h1><p class="lead">${esc(lead)}</p>${eta}${alert}${progress(v)}</section>`
    + `${details(v)}<section class="card" aria-labelledby="history"><h2 id="history">Tracking history</h2>${eventList(v)}</section></main>`
    + `<footer>${help}<p>Times are ${zone}. Sent by ${esc(v.merchant.displayName)} with ${esc(v.carrier)}.</p></footer>`;
  const title = `${headline} \u00b7 ${v.packages[0]?.trackingNumber ?? ''} \u00b7 ${v.merchant.displayName}`;
  return layout(title, v.merchant.accentColour, brandOf(v), body, v.merchant.logoUrl, frameAncestors);
}

/** Unknown or cancelled: one answer for both (the page tells nobody which numbers exist). */
export function renderNotFound(trackingNumber: string): RenderedPage {
  const body = `<main><section class="card" aria-labelledby="status"><h1 id="status">We can\u2019t find this parcel</h1>`
    + `<p class="lead">There is no delivery to follow under <code>${esc(trackingNumber.slice(0, 64))}</code>.</p>`
    + '<p>Please check the link in your shipping e-mail. Tracking can take a little while to appear after an order ships, so if it was sent just now, try again later. '
    + 'If the sender cancelled the shipment, it is no longer tracked here: the sender can tell you more.</p></section></main>';
  return layout('Parcel not found', null, '<p>Parcel tracking</p>', body, null);
}
