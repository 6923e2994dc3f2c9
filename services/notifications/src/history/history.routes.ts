import { Router, type Request, type Response } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { NotificationsDeps } from '../deps';
import { maskAddress } from '../unsubscribe/unsubscribe.token';

const PATH = '/consignment/:identifier/notifications';

/**
 * `GET /consignment/{identifier}/notifications`: the consignment's e-mails, oldest first, the address
 * masked and never the content. A consignment this service never heard of (or another company's)
 * answers 404, one it knows without e-mails an empty list.
 */
export function historyRoutes(deps: NotificationsDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, PATH, ['GET']);
  r.get(PATH, async (req: Request, res: Response) => {
    const company = principalOf(res).company;
    const identifier = String(req.params.identifier);
    const [known, rows] = await Promise.all([
      deps.db.selectFrom('recipients').select('identifier').where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst(),
      deps.db.selectFrom('notifications').select(['event', 'to_address', 'outcome', 'language', 'attempts', 'detail', 'created_at', 'sent_at'])
        .where('company', '=', company).where('consignment_identifier', '=', identifier).orderBy('created_at').orderBy('event').execute(),
    ]);
    if (!known && rows.length === 0) return void res.status(404).json({ detail: 'Not found.' });
    res.json({
      results: rows.map((n) => ({
        at: new Date(n.sent_at ?? n.created_at).toISOString(), event: n.event, to: maskAddress(n.to_address),
        outcome: n.outcome === 'sending' ? 'pending' : n.outcome, language: n.language, attempts: n.attempts, detail: n.detail,
      })),
    });
  });
  return r;
}
