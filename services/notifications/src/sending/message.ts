import { escapeHtml as esc, formatCalendarDate, markup, translator, type Language, type MessageKey } from '@waybill/i18n';
import type { NotificationEvent, RecipientTable } from '../database';
import type { Branding } from './branding.client';
import type { Settings } from '../settings/settings.repository';

export interface ComposeInput {
  id: string;
  event: NotificationEvent;
  language: Language;
  recipient: RecipientTable;
  settings: Settings;
  branding: Branding;
  company: string;
  /** MAIL_FROM's address. */
  fromAddress: string;
  unsubscribeUrl: string;
  unsubscribeMailto: string;
}

export interface ComposedMessage {
  from: { name: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

const DEFAULT_ACCENT = '#0b57d0';
const channel = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = (hex: string) => [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16))).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);

/** The accent as the tracking page uses it, with white or near-black text, whichever contrasts more. */
function colours(accent: string | null): { accent: string; on: string } {
  const a = accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
  const l = luminance(a);
  return { accent: a, on: 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#111111') + 0.05) ? '#ffffff' : '#111111' };
}

/** The tracking link in the e-mail's language, so the page opens in the same one. */
function trackingLink(url: string, lang: Language): string {
  try {
    const u = new URL(url);
    u.searchParams.set('lang', lang);
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * One shipping e-mail (HTML and plain text) in the recipient's language, branded like the tracking page:
 * the merchant's name, logo and accent colour; the tracking link; an unsubscribe link (RFC 8058 one-click
 * in the headers, a page in the footer). Inline styles and tables only: what mail clients render.
 */
export function composeMessage(i: ComposeInput): ComposedMessage {
  const t = translator(i.language);
  const merchant = i.branding.display_name ?? i.company;
  const r = i.recipient;
  const carrier = r.carrier ?? '';
  const values = { merchant, order: r.order_number, carrier };
  const subject = t.text(`mail.subject.${i.event}` as MessageKey, values);
  const greeting = r.first_name ? t.text('mail.greeting', { name: r.first_name }) : t.text('mail.greeting.anonymous');
  const body = t.text(`mail.body.${i.event}` as MessageKey, values);
  const link = r.tracking_url ? trackingLink(r.tracking_url, i.language) : null;
  const expected = r.expected_delivery_date && (i.event === 'despatched' || i.event === 'exception') && /^\d{4}-\d{2}-\d{2}$/.test(r.expected_delivery_date)
    ? t.text('mail.expected', { date: formatCalendarDate(i.language, r.expected_delivery_date) }) : null;
  const number = r.tracking_number ? t.text('mail.trackingNumber', { number: r.tracking_number }) : null;
  const replyTo = i.settings.reply_to ?? i.branding.support_email ?? undefined;
  const help = replyTo ? t.text('mail.help', { email: replyTo }) : null;
  const why = t.text('mail.why', { merchant });
  const stop = t.text('mail.unsubscribe', { merchant });

  const text = [greeting, '', body, ...(expected ? ['', expected] : []), ...(number ? [number] : []),
    ...(link ? ['', `${t.text('mail.track')}: ${link}`] : []), ...(help ? ['', help] : []),
    '', '--', why, `${stop}: ${i.unsubscribeUrl}`, ''].join('\n');

  const { accent, on } = colours(i.branding.accent_colour);
  const logo = i.branding.logo_url ? `<img src="${esc(i.branding.logo_url)}" alt="" height="40" style="max-height:40px;max-width:160px;background:#ffffff;border-radius:4px;padding:2px;vertical-align:middle;margin-right:12px">` : '';
  const p = (s: string, style = '') => `<p style="margin:0 0 12px;${style}">${s}</p>`;
  const button = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0"><tr><td style="background:${accent};border-radius:6px">`
      + `<a href="${esc(link)}" style="display:inline-block;padding:12px 20px;color:${on};font-weight:600;text-decoration:none">${esc(t.text('mail.track'))}</a></td></tr></table>`
    : '';
  const helpHtml = replyTo ? p(t.html('mail.help', { email: markup(`<a href="mailto:${esc(replyTo)}" style="color:#0a4fb8">${esc(replyTo)}</a>`, replyTo) }), 'color:#39414d') : '';
  const html = `<!doctype html><html lang="${i.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(subject)}</title></head>`
    + `<body style="margin:0;background:#f4f6f8;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24">`
    + `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px">`
    + `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:36rem">`
    + `<tr><td style="background:${accent};color:${on};padding:12px 16px;border-radius:10px 10px 0 0;font-weight:600;font-size:1.05rem">${logo}${esc(merchant)}</td></tr>`
    + `<tr><td style="background:#ffffff;border:1px solid #d5dbe3;border-top:0;border-radius:0 0 10px 10px;padding:20px 16px">`
    + `<h1 style="font-size:1.35rem;line-height:1.3;margin:0 0 16px">${esc(subject)}</h1>`
    + p(esc(greeting)) + p(esc(body))
    + (expected ? p(esc(expected), 'font-weight:600') : '') + (number ? p(esc(number), 'color:#39414d') : '')
    + button + helpHtml
    + `</td></tr><tr><td style="padding:16px 4px;color:#4a5260;font-size:.85rem">`
    + p(esc(why)) + p(`<a href="${esc(i.unsubscribeUrl)}" style="color:#4a5260">${esc(stop)}</a>`)
    + `</td></tr></table></td></tr></table></body></html>`;

  return {
    from: { name: i.settings.from_name ?? merchant, address: i.fromAddress },
    ...(replyTo ? { replyTo } : {}),
    subject, text, html,
    messageId: `<${i.id}@${i.fromAddress.split('@')[1] ?? 'waybill.invalid'}>`,
    headers: {
      'List-Unsubscribe': `<${i.unsubscribeUrl}>, <mailto:${i.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${i.unsubscribeUrl.split('/').pop()}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
      'Content-Language': i.language,
    },
  };
}
