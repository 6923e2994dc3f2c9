import { createHash } from 'node:crypto';
import { escapeHtml as esc } from '@waybill/i18n';
import type { PageBranding } from './returns-page.branding';

/** A rendered page and the Content-Security-Policy that lets exactly its one inline style load. */
export interface RenderedPage { html: string; csp: string; lang: string }

/** The returns page's stylesheet, mobile first; the accent is only ever a background, its text white or black by contrast. */
const CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f8}
a{color:#0a4fb8}
.top{background:var(--accent);color:var(--on-accent);padding:14px 16px}
.top p{max-width:40rem;margin:0 auto;font-weight:600;font-size:1.05rem}
main{max-width:40rem;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #d5dbe3;border-radius:10px;padding:16px;margin:0 0 16px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 8px}
label{display:block;font-weight:600;margin:12px 0 4px}
input,select{font:inherit;width:100%;padding:10px;border:1px solid #6b7480;border-radius:6px;background:#fff;color:#1b1f24}
button{font:inherit;font-weight:600;margin-top:16px;padding:12px 20px;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);cursor:pointer;min-height:44px}
fieldset{border:1px solid #d5dbe3;border-radius:8px;margin:12px 0;padding:8px 12px 12px}
legend{font-weight:700;padding:0 4px}
.msg{border-left:4px solid #b3261e;background:#fdecea;padding:10px 12px;border-radius:6px;margin:0 0 12px}
.ok{border-left:4px solid #1e7b34;background:#e7f5ea;padding:10px 12px;border-radius:6px;margin:0 0 12px}
.big{display:inline-block;margin:8px 0;font-weight:700}
footer{max-width:40rem;margin:0 auto;padding:0 16px 24px;color:#4a5260;font-size:.875rem}
@media (min-width:40rem){h1{font-size:1.75rem}}`;

const channel = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = (hex: string) => [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16))).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);

/** The accent and white or near-black text on it, whichever contrasts more. */
function accentRule(accent: string | null): string {
  const a = accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : '#0b57d0';
  const l = luminance(a);
  const white = 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#111111') + 0.05);
  return `:root{--accent:${a};--on-accent:${white ? '#ffffff' : '#111111'}}`;
}

function page(b: PageBranding, title: string, body: string): RenderedPage {
  const style = `${CSS}\n${accentRule(b.accentColour)}`;
  const hash = createHash('sha256').update(style).digest('base64');
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">'
    + `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)} \u00b7 ${esc(b.displayName)}</title><style>${style}</style></head>`
    + `<body><header class="top"><p>${esc(b.displayName)}</p></header><main>${body}</main>`
    + `<footer><p>Returns for orders from ${esc(b.displayName)}.</p></footer></body></html>`;
  const csp = `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp, lang: 'en' };
}

/** The order form: order number and delivery postcode, with an anti-forgery token; `notFound` after a mismatch. */
export function renderForm(b: PageBranding, action: string, token: string, notFound: boolean, entered: { order?: string } = {}): RenderedPage {
  const msg = notFound ? '<p class="msg" role="alert">We could not find a returnable order with that order number and postcode. Check both and try again.</p>' : '';
  return page(b, 'Return an item', `<section class="card" aria-labelledby="t"><h1 id="t">Return an item</h1>${msg}`
    + '<p>Enter your order number and the postcode the order was delivered to.</p>'
    + `<form method="post" action="${esc(action)}"><input type="hidden" name="token" value="${esc(token)}">`
    + `<label for="order">Order number</label><input id="order" name="order" required maxlength="100" autocomplete="off" value="${esc(entered.order ?? '')}">`
    + '<label for="postcode">Delivery postcode</label><input id="postcode" name="postcode" required maxlength="20" autocomplete="postal-code">'
    + '<button type="submit">Find my order</button></form></section>');
}

export interface ItemsView {
  orderNumber: string;
  items: Array<{ sku: string | null; name: string | null; quantity: number }>;
  reasons: Array<{ code: string; label: string }>;
}

/** The order's items left to return, a quantity and a reason for each. */
export function renderItems(b: PageBranding, action: string, token: string, v: ItemsView, error?: string): RenderedPage {
  const msg = error ? `<p class="msg" role="alert">${esc(error)}</p>` : '';
  const reasons = v.reasons.map((r) => `<option value="${esc(r.code)}">${esc(r.label)}</option>`).join('');
  const rows = v.items.map((it, i) => {
    const name = it.name ?? it.sku ?? '';
    const qty = Array.from({ length: it.quantity + 1 }, (_, n) => `<option value="${n}"${n === 0 ? ' selected' : ''}>${n}</option>`).join('');
    return `<fieldset><legend>${esc(name)}${it.sku && it.name ? ` <span>(${esc(it.sku)})</span>` : ''}</legend>`
      + `<label for="q${i}">Quantity to return (of ${it.quantity})</label><select id="q${i}" name="qty_${i}">${qty}</select>`
      + `<label for="r${i}">Reason</label><select id="r${i}" name="reason_${i}">${reasons}</select></fieldset>`;
  }).join('');
  return page(b, 'Choose items to return', `<section class="card" aria-labelledby="t"><h1 id="t">Choose items to return</h1>${msg}`
    + `<p>Order <strong>${esc(v.orderNumber)}</strong>. Choose how many of each item you are sending back and why.</p>`
    + `<form method="post" action="${esc(action)}"><input type="hidden" name="token" value="${esc(token)}">${rows}`
    + '<button type="submit">Book the return</button></form></section>');
}

/** The booked return: its label (PDF), its tracking page and the company's instructions. */
export function renderBooked(b: PageBranding, v: { labelUrl: string | null; trackingUrl: string | null; instructions: string | null; orderNumber: string }): RenderedPage {
  const label = v.labelUrl ? `<p><a class="big" href="${esc(v.labelUrl)}">Download your return label (PDF)</a></p><p>The link works for 30 days.</p>` : '<p>Your label is being prepared; the company will send it to you.</p>';
  const track = v.trackingUrl ? `<p><a href="${esc(v.trackingUrl)}">Track your return</a></p>` : '';
  const instructions = v.instructions ? `<h2>What to do next</h2><p>${esc(v.instructions)}</p>` : '';
  return page(b, 'Return booked', `<section class="card" aria-labelledby="t"><h1 id="t">Return booked</h1>`
    + `<p class="ok" role="status">Your return for order <strong>${esc(v.orderNumber)}</strong> is booked.</p>${label}${track}${instructions}</section>`);
}

/** Refusals: a form that is missing, forged, expired or used already (403), an unknown or expired label link (404, 410). */
export function renderProblem(b: PageBranding, title: string, text: string, again?: string): RenderedPage {
  const link = again ? `<p><a href="${esc(again)}">Start again</a></p>` : '';
  return page(b, title, `<section class="card" aria-labelledby="t"><h1 id="t">${esc(title)}</h1><p>${esc(text)}</p>${link}</section>`);
}
