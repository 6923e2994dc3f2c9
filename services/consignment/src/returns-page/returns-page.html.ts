import { createHash } from 'node:crypto';
import { LANGUAGES, LANGUAGE_NAMES, escapeHtml as esc, markup, translator, type Language, type Translator } from '@waybill/i18n';
import type { PageBranding } from './returns-page.branding';

/** A rendered page and the Content-Security-Policy that lets exactly its one inline style load. */
export interface RenderedPage { html: string; csp: string; lang: Language }

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
.langs{list-style:none;margin:12px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px}
.langs a{display:inline-block;padding:8px 2px;min-height:24px}
.langs a[aria-current]{font-weight:700;color:#1b1f24}
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

/** Links to the start of the page in each language. */
function languageSwitch(t: Translator, start: string): string {
  const links = LANGUAGES.map((l) => `<li><a href="${esc(start)}?lang=${l}" hreflang="${l}" lang="${l}"${l === t.lang ? ' aria-current="true"' : ''}>${LANGUAGE_NAMES[l]}</a></li>`);
  return `<nav aria-label="${t.html('page.language')}"><ul class="langs">${links.join('')}</ul></nav>`;
}

/** Where a page sits: the company's branding, the language, the path of the form's start (`/returns/{company}`). */
export interface PageContext { branding: PageBranding; lang: Language; start: string }

function page(c: PageContext, title: string, body: string): RenderedPage {
  const t = translator(c.lang);
  const b = c.branding;
  const style = `${CSS}\n${accentRule(b.accentColour)}`;
  const hash = createHash('sha256').update(style).digest('base64');
  const html = `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)} \u00b7 ${esc(b.displayName)}</title><style>${style}</style></head>`
    + `<body><header class="top"><p>${esc(b.displayName)}</p></header><main>${body}</main>`
    + `<footer><p>${t.html('returns.footer', { merchant: b.displayName })}</p>${languageSwitch(t, c.start)}</footer></body></html>`;
  const csp = `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp, lang: t.lang };
}

const hidden = (c: PageContext, token: string) => `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${c.lang}">`;
const card = (title: string, inner: string) => `<section class="card" aria-labelledby="t"><h1 id="t">${title}</h1>${inner}</section>`;

/** The order form: order number and delivery postcode, with an anti-forgery token; `notFound` after a mismatch. */
export function renderForm(c: PageContext, token: string, notFound: boolean, entered: { order?: string } = {}): RenderedPage {
  const t = translator(c.lang);
  const msg = notFound ? `<p class="msg" role="alert">${t.html('returns.notFound')}</p>` : '';
  return page(c, t.text('returns.title'), card(t.html('returns.title'), `${msg}<p>${t.html('returns.intro')}</p>`
    + `<form method="post" action="${esc(c.start)}">${hidden(c, token)}`
    + `<label for="order">${t.html('returns.order')}</label><input id="order" name="order" required maxlength="100" autocomplete="off" value="${esc(entered.order ?? '')}">`
    + `<label for="postcode">${t.html('returns.postcode')}</label><input id="postcode" name="postcode" required maxlength="20" autocomplete="postal-code">`
    + `<button type="submit">${t.html('returns.find')}</button></form>`));
}

export interface ItemsView {
  orderNumber: string;
  items: Array<{ sku: string | null; name: string | null; quantity: number }>;
  reasons: Array<{ code: string; label: string }>;
}

/** How a line of the items form names its item: by SKU, else by name. */
export const itemKey = (it: { sku: string | null; name: string | null }): string => (it.sku !== null ? `sku:${it.sku}` : `name:${it.name ?? ''}`);

/** The order's items left to return, a quantity and a reason for each. */
export function renderItems(c: PageContext, token: string, v: ItemsView, error?: 'invalid' | 'failed'): RenderedPage {
  const t = translator(c.lang);
  const msg = error ? `<p class="msg" role="alert">${t.html(`returns.items.${error}`)}</p>` : '';
  const reasons = v.reasons.map((r) => `<option value="${esc(r.code)}">${esc(r.label)}</option>`).join('');
  const rows = v.items.map((it, i) => {
    const name = it.name ?? it.sku ?? '';
    const qty = Array.from({ length: it.quantity + 1 }, (_, n) => `<option value="${n}"${n === 0 ? ' selected' : ''}>${n}</option>`).join('');
    const reason = v.reasons.length > 0 ? `<label for="r${i}">${t.html('returns.items.reason')}</label><select id="r${i}" name="reason_${i}">${reasons}</select>` : '';
    return `<fieldset><legend>${esc(name)}${it.sku && it.name ? ` (${esc(it.sku)})` : ''}</legend><input type="hidden" name="item_${i}" value="${esc(itemKey(it))}">`
      + `<label for="q${i}">${t.html('returns.items.quantity', { count: String(it.quantity) })}</label><select id="q${i}" name="qty_${i}">${qty}</select>${reason}</fieldset>`;
  }).join('');
  return page(c, t.text('returns.items.title'), card(t.html('returns.items.title'), `${msg}`
    + `<p>${t.html('returns.items.lead', { order: markup(`<strong>${esc(v.orderNumber)}</strong>`, v.orderNumber) })}</p>`
    + `<form method="post" action="${esc(c.start)}/confirm">${hidden(c, token)}${rows}`
    + `<button type="submit">${t.html('returns.items.book')}</button></form>`));
}

/** The booked return: its label (PDF), its tracking page and the company's instructions. */
export function renderBooked(c: PageContext, v: { labelUrl: string | null; trackingUrl: string | null; instructions: string | null; orderNumber: string }): RenderedPage {
  const t = translator(c.lang);
  const merchant = c.branding.displayName;
  const label = v.labelUrl
    ? `<p><a class="big" href="${esc(v.labelUrl)}">${t.html('returns.booked.label')}</a></p><p>${t.html('returns.booked.labelExpiry')}</p>`
    : `<p>${t.html('returns.booked.noLabel', { merchant })}</p>`;
  const track = v.trackingUrl ? `<p><a href="${esc(v.trackingUrl)}">${t.html('returns.booked.track')}</a></p>` : '';
  const instructions = v.instructions ? `<h2>${t.html('returns.booked.next')}</h2><p>${esc(v.instructions)}</p>` : '';
  return page(c, t.text('returns.booked.title'), card(t.html('returns.booked.title'),
    `<p class="ok" role="status">${t.html('returns.booked.lead', { order: markup(`<strong>${esc(v.orderNumber)}</strong>`, v.orderNumber) })}</p>${label}${track}${instructions}`));
}

export type Problem = 'forbidden' | 'label.expired' | 'label.notFound' | 'unavailable';

/** Refusals: a form missing, forged, expired or used (403), a label link not ours (404) or too old (410), returns off (404). */
export function renderProblem(c: PageContext, problem: Problem): RenderedPage {
  const t = translator(c.lang);
  const merchant = c.branding.displayName;
  const again = problem === 'forbidden' ? `<p><a href="${esc(c.start)}?lang=${c.lang}">${t.html('returns.again')}</a></p>` : '';
  return page(c, t.text(`returns.${problem}.title`), card(t.html(`returns.${problem}.title`), `<p>${t.html(`returns.${problem}.body`, { merchant })}</p>${again}`));
}
