import { Router, type Request, type Response } from 'express';
import { acceptedLanguages, isLanguage, type Language } from '@waybill/i18n';
import { allowOnly } from '@waybill/http';
import type { NotificationsDeps } from '../deps';
import { findNotification } from '../sending/notification.repository';
import { unsubscribeAddress } from './unsubscribe.repository';
import { confirmPage, donePage, invalidPage, type UnsubscribePage } from './unsubscribe.page';
import { maskAddress, verifyToken } from './unsubscribe.token';

export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe/:token';

function send(res: Response, status: number, page: UnsubscribePage, lang: Language): void {
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('Content-Language', lang);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.status(status).type('html').send(page.html);
}

/**
 * The unsubscribe link of every shipping e-mail (public, through the gateway). GET shows a confirmation
 * with one button; POST unsubscribes: the button's form, or a mail client's RFC 8058 one-click POST
 * (`List-Unsubscribe=One-Click`). The signed token names the e-mail, and so the company and address.
 */
export function unsubscribeRoutes(deps: NotificationsDeps): Router {
  const r = Router();
  allowOnly(r, UNSUBSCRIBE_PATH, ['GET', 'POST']);
  const handle = (unsubscribe: boolean) => async (req: Request, res: Response) => {
    const id = verifyToken(deps.keys, String(req.params.token));
    const n = id ? await findNotification(deps.db, id) : undefined;
    const query = typeof req.query.lang === 'string' ? req.query.lang : undefined;
    const lang: Language = isLanguage(query) ? query : acceptedLanguages(req.get('accept-language'))[0] ?? (n && isLanguage(n.language) ? n.language : 'en');
    if (!n) return send(res, 404, invalidPage(lang), lang);
    const merchant = await deps.branding(n.company).then((b) => b.display_name ?? n.company, () => n.company);
    if (!unsubscribe) return send(res, 200, confirmPage(lang, merchant, maskAddress(n.to_address)), lang);
    await unsubscribeAddress(deps.db, deps.keys, n.company, n.to_address);
    deps.logger.info({ notification: n.id, company: n.company }, 'recipient unsubscribed');
    send(res, 200, donePage(lang, merchant, maskAddress(n.to_address)), lang);
  };
  r.get(UNSUBSCRIBE_PATH, handle(false));
  r.post(UNSUBSCRIBE_PATH, handle(true));
  return r;
}
