import { Router, type Request, type Response } from 'express';
import { InvalidError, allowOnly, principalOf } from '@waybill/http';
import { SchemaId, validate } from '@waybill/contracts';
import type { NotificationsDeps } from '../deps';
import { findSettings } from './settings.repository';
import { updateSettings } from './settings.service';
import { unsubscribeAddress } from '../unsubscribe/unsubscribe.repository';

const PATH = '/notifications';

/** `GET|PUT /notifications` (the company's settings) and `POST /notifications/unsubscribes`. */
export function settingsRoutes(deps: NotificationsDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, PATH, ['GET', 'PUT']);
  allowOnly(r, `${PATH}/unsubscribes`, ['POST']);
  r.get(PATH, async (_req: Request, res: Response) => {
    res.json(await findSettings(deps.db, principalOf(res).company));
  });
  r.put(PATH, async (req: Request, res: Response) => {
    res.json(await updateSettings(deps.db, principalOf(res).company, req.body));
  });
  r.post(`${PATH}/unsubscribes`, async (req: Request, res: Response) => {
    const result = validate(SchemaId.NotificationUnsubscribeInput, req.body);
    if (!result.ok) throw new InvalidError(result.errors);
    await unsubscribeAddress(deps.db, deps.keys, principalOf(res).company, (req.body as { email_address: string }).email_address);
    res.status(204).end();
  });
  return r;
}
