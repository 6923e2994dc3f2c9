import { Router } from 'express';
import type { Kysely } from 'kysely';
import { allowOnly, principalOf } from '@waybill/http';
import type { DocumentsDb } from '../database';
import { findSettings } from './settings.repository';

/**
 * Internal (not routed by the gateway): the company's sender contact as its documents settings hold it,
 * for the consignment service to hand real carriers the shipper's phone, e-mail and EORI number with a
 * booking, as the labels and invoices print them.
 */
export function senderContactRoutes(db: Kysely<DocumentsDb>): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/sender-contact', ['GET']);
  r.get('/sender-contact', async (_req, res) => {
    res.json((await findSettings(db, principalOf(res).company)).contact);
  });
  return r;
}
