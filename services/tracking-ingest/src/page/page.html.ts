import { createHash } from 'node:crypto';
import {
  LANGUAGES, LANGUAGE_NAMES, escapeHtml as esc, formatCalendarDate, formatShortDay, formatTime, markup, translator, type Language, type MessageKey, type Translator,
} from '@waybill/i18n';
import { PAGE_CSS, accentVars } from './page.css';
import { PROBLEMS, type PageStatus, type TrackingView } from './page.view';

export { esc };

/** A rendered page and the Content-Security-Policy that lets exactly its inline style (and logo) load. */
export interface RenderedPage { html: string; csp: string; lang: Language }

/** Events shown at most; the JSON answer has them all. Keeps the page well under 30 KB. */
export const MAX_EVENTS_SHOWN = 60;
const STEP_COUNT = 4;

function csp(style: string, logoUrl: string | null, frameAncestors: string): string {
  const hash = createHash('sha256').update(style).digest('base64');
  const img = logoUrl ? `; img-src ${new URL(logoUrl).origin}` : '';
  return `default-src 'none'; style-src 'sha256-${hash}'${img}; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;
}

/** Links to the page in each language (the query string keeps the choice). */
function languageSwitch(t: Translator): string {
  const links = LANGUAGES.map((l) => (l === t.lang
    ? `<li><a href="?lang=${l}" hreflang="${l}" lang="${l}" aria-current="true">${LANGUAGE_NAMES[l]}</a></li>`
    : `<li><a href="?lang=${l}" hreflang="${l}" lang="${l}">${LANGUAGE_NAMES[l]}</a></li>`));
  return `<nav aria-label="${t.html('page.language')}"><ul class="langs">${links.join('')}</ul></nav>`;
}

/** The document around a page's content: no script, no external style, no index. */
function layout(t: Translator, title: string, accent: string | null, brand: string, body: string, footer: string, logoUrl: string | null, frameAncestors = "'none'"): RenderedPage {
  const style = `${PAGE_CSS}\n${accentVars(accent)}`;
  const html = `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${style}</style></head>`
    + `<body><header class="top"><div>${brand}</div></header>${body}<footer>${footer}${languageSwitch(t)}</footer></body></html>`;
  return { html, csp: csp(style, logoUrl, frameAncestors), lang: t.lang };
}

function brandOf(v: TrackingView): string {
  const m = v.merchant;
  const logo = m.logoUrl ? `<img src="${esc(m.logoUrl)}" alt="" height="40">` : '';
  return `${logo}<p>${esc(m.displayName)}</p>`;
}

const word = (t: Translator, s: PageStatus) => t.html(`word.${s}` as MessageKey);

function progress(t: Translator, v: TrackingView): string {
  const badAt = v.problem ? Math.min(v.step + 1, STEP_COUNT - 1) : -1;
  const items = Array.from({ length: STEP_COUNT }, (_, i) => {
    const label = t.html(`step.${i}` as MessageKey);
    if (i === badAt) {
      const bad = PROBLEMS.has(v.status) ? t.html(`step.problem.${v.status}` as MessageKey) : label;
      return `<li class="bad" aria-current="step">${bad}<span class="vh"> ${t.html('step.state.problem')}</span></li>`;
    }
    if (i < v.step || (i === v.step && v.problem)) return `<li class="done">${label}<span class="vh"> ${t.html('step.state.done')}</span></li>`;
    if (i === v.step) return `<li class="${v.step === STEP_COUNT - 1 ? 'done' : 'now'}" aria-current="step">${label}<span class="vh"> ${t.html('step.state.current')}</span></li>`;
    return `<li>${label}<span class="vh"> ${t.html('step.state.upcoming')}</span></li>`;
  });
  return `<ol class="progress" aria-label="${t.html('progress.label')}">${items.join('')}</ol>`;
}

function eventList(t: Translator, v: TrackingView): string {
  if (v.events.length === 0) return `<p>${t.html('page.history.none')}</p>`;
  const zone = v.destination.timeZone ?? 'UTC';
  const many = v.packages.length > 1;
  const rows = v.events.slice(0, MAX_EVENTS_SHOWN).map((e, i) => {
    const where = e.location ? `<p class="where">${esc(e.location)}</p>` : '';
    const pkg = many ? `<p class="pkg">${t.html('page.history.parcel', { number: e.trackingNumber })}</p>` : '';
    return `<li${i === 0 ? ' class="latest"' : ''}><time datetime="${e.occurredAt.toISOString()}">${esc(formatShortDay(t.lang, e.occurredAt, zone))}<br>${esc(formatTime(t.lang, e.occurredAt, zone))}</time>`
      + `<div><p>${e.description ? esc(e.description) : word(t, e.status)}</p>${where}</div>${pkg}</li>`;
  });
  const more = v.events.length > MAX_EVENTS_SHOWN ? `<p>${t.html('page.history.more', { count: v.events.length - MAX_EVENTS_SHOWN })}</p>` : '';
  return `<ol class="events">${rows.join('')}</ol>${more}`;
}

function details(t: Translator, v: TrackingView): string {
  const d = v.destination;
  const to = [d.town, d.district].filter(Boolean).join(', ');
  const numbers = v.packages.length > 1 || v.packages[0]?.packages > 1
    ? `<table><caption class="vh">${t.html('page.details.parcels')}</caption><thead><tr><th scope="col">${t.html('page.details.trackingNumber')}</th><th scope="col">${t.html('page.details.status')}</th></tr></thead><tbody>${v.packages.map((p) =>
      `<tr><td><code>${esc(p.trackingNumber)}</code>${p.packages > 1 ? ` ${t.html('page.details.parcelCount', { count: p.packages })}` : ''}</td><td>${word(t, p.status)}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<section class="card" aria-labelledby="details"><h2 id="details">${t.html('page.details.title')}</h2><dl>`
    + `<dt>${t.html('page.details.carrier')}</dt><dd>${esc(v.carrier)}${v.service ? ` \u00b7 ${esc(v.service)}` : ''}</dd>`
    + (v.packages.length === 1
      ? `<dt>${t.html('page.details.trackingNumber')}</dt><dd><code>${esc(v.packages[0].trackingNumber)}</code></dd>`
      : `<dt>${t.html('page.details.parcels')}</dt><dd>${v.packages.length}</dd>`)
    + (to ? `<dt>${t.html('page.details.destination')}</dt><dd>${esc(to)}</dd>` : '')
    + `</dl>${numbers}</section>`;
}

const mailLink = (email: string) => markup(`<a href="mailto:${esc(email)}">${esc(email)}</a>`, email);

function helpLine(t: Translator, v: TrackingView): string {
  const m = v.merchant;
  return m.supportEmail
    ? t.html('page.help.write', { merchant: m.displayName, email: mailLink(m.supportEmail) })
    : t.html('page.help.contact', { merchant: m.displayName, carrier: v.carrier });
}

/**
 * The recipient's page (docs/api/tracking-page.md) in one language. `frameAncestors` is 'self' only for the console's preview;
 * `returnUrl`, the company's returns page when the parcel may be returned through it.
 */
export function renderTrackingPage(v: TrackingView, lang: Language = 'en', frameAncestors = "'none'", returnUrl: string | null = null): RenderedPage {
  const t = translator(lang);
  const headline = t.text(`status.${v.status}.headline` as MessageKey);
  const parcels = v.packages.reduce((n, p) => n + p.packages, 0) > 1 ? 'other' : 'one';
  const lead = t.html(`status.${v.status}.lead` as MessageKey, { parcels });
  const expected = v.expectedDeliveryDate ? formatCalendarDate(lang, v.expectedDeliveryDate) : '';
  const eta = expected && !v.late && !['DELIVERED', 'OUT_FOR_DELIVERY'].includes(v.status) && !PROBLEMS.has(v.status)
    ? `<p class="eta">${t.html('page.eta', { date: expected })}</p>` : '';
  const late = v.late ? `<div class="late" role="note"><strong>${t.html('page.late.title')}</strong> ${t.html('page.late.body', { parcels, date: expected })}</div>` : '';
  const alert = v.problem ? `<div class="alert" role="note"><strong>${t.html('page.help.title')}</strong> ${helpLine(t, v)}</div>` : '';
  const m = v.merchant;
  const help = m.supportEmail && !v.problem ? `<p>${t.html('page.help.questions', { merchant: m.displayName, email: mailLink(m.supportEmail) })}</p>` : '';
  const zone = v.destination.timeZone ? t.html('page.footer.timesLocal', { zone: v.destination.timeZone.replace(/_/g, ' ') }) : t.html('page.footer.timesUtc');
  const giveBack = returnUrl ? `<p><a href="${esc(returnUrl)}?lang=${t.lang}">${t.html('page.returnItem')}</a></p>` : '';
  const body = `<main><section class="card" aria-labelledby="status"><h1 id="status">${esc(headline)}</h1><p class="lead">${lead}</p>${eta}${late}${alert}${giveBack}${progress(t, v)}</section>`
    + `${details(t, v)}<section class="card" aria-labelledby="history"><h2 id="history">${t.html('page.history.title')}</h2>${eventList(t, v)}</section></main>`;
  const footer = `${help}<p>${zone} ${t.html('page.footer.sentBy', { merchant: m.displayName, carrier: v.carrier })}</p>`;
  const title = `${headline} \u00b7 ${v.packages[0]?.trackingNumber ?? ''} \u00b7 ${m.displayName}`;
  return layout(t, title, m.accentColour, brandOf(v), body, footer, m.logoUrl, frameAncestors);
}

/** Unknown or cancelled: one answer for both (the page tells nobody which numbers exist). */
export function renderNotFound(trackingNumber: string, lang: Language = 'en'): RenderedPage {
  const t = translator(lang);
  const number = trackingNumber.slice(0, 64);
  const body = `<main><section class="card" aria-labelledby="status"><h1 id="status">${t.html('page.notFound.headline')}</h1>`
    + `<p class="lead">${t.html('page.notFound.lead', { number: markup(`<code>${esc(number)}</code>`, number) })}</p>`
    + `<p>${t.html('page.notFound.body')}</p></section></main>`;
  return layout(t, t.text('page.notFound.title'), null, `<p>${t.html('page.notFound.brand')}</p>`, body, '', null);
}
