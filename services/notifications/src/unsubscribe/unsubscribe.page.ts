import { createHash } from 'node:crypto';
import { escapeHtml as esc, translator, type Language } from '@waybill/i18n';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f8}
main{max-width:36rem;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #d5dbe3;border-radius:10px;padding:20px 16px}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 12px}
button{font:inherit;font-weight:600;padding:12px 20px;min-height:44px;border:0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}`;

const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export interface UnsubscribePage { html: string; csp: string }

function page(lang: Language, body: string): UnsubscribePage {
  const t = translator(lang);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${t.html('unsubscribe.title')}</title><style>${STYLE}</style></head>`
    + `<body><main><section class="card" aria-labelledby="t"><h1 id="t">${t.html('unsubscribe.title')}</h1>${body}</section></main></body></html>`;
  return { html, csp: CSP };
}

/** The confirmation a GET shows: a GET changes nothing, as mail scanners follow links. */
export function confirmPage(lang: Language, merchant: string, maskedAddress: string): UnsubscribePage {
  const t = translator(lang);
  return page(lang, `<p>${t.html('unsubscribe.question', { merchant, address: maskedAddress })}</p>`
    + `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.html('unsubscribe.button')}</button></form>`);
}

export function donePage(lang: Language, merchant: string, maskedAddress: string): UnsubscribePage {
  return page(lang, `<p role="status">${translator(lang).html('unsubscribe.done', { merchant, address: maskedAddress })}</p>`);
}

export function invalidPage(lang: Language): UnsubscribePage {
  return page(lang, `<p>${translator(lang).html('unsubscribe.invalid')}</p>`);
}

export { esc };
