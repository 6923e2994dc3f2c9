import { Router, type Request } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import { declarationOf } from '@waybill/carriers';
import type { CarrierLinkDeps } from '../deps';
import {
  checkAccount, createAccount, listCompanyAccounts, patchAccount, readAccount, removeAccount, rotateWebhookCredentials,
} from './account.service';

const id = (req: Request) => String(req.params.id);

/** Carrier accounts (docs/api/carrier-accounts.md), under `/companies/:company`; every call is the token's company's. */
export function accountRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  const A = '/carrier-accounts';
  allowOnly(r, A, ['GET', 'POST']);
  allowOnly(r, `${A}/credential-keys`, ['GET']);
  allowOnly(r, `${A}/:id`, ['GET', 'PATCH', 'DELETE']);
  allowOnly(r, `${A}/:id/check`, ['POST']);
  allowOnly(r, `${A}/:id/rotate-webhook-credentials`, ['POST']);

  r.get(A, async (_req, res) => {
    res.json(await listCompanyAccounts(deps, principalOf(res).company));
  });
  r.post(A, async (req, res) => {
    res.status(201).json(await createAccount(deps, principalOf(res).company, req.body));
  });
  // What each carrier asks for, from its adapter's declaration (the console builds its form from it).
  r.get(`${A}/credential-keys`, (_req, res) => {
    res.json([...deps.adapters.values()].map(declarationOf));
  });
  r.get(`${A}/:id`, async (req, res) => {
    res.json(await readAccount(deps, principalOf(res).company, id(req)));
  });
  r.patch(`${A}/:id`, async (req, res) => {
    res.json(await patchAccount(deps, principalOf(res).company, id(req), req.body ?? {}));
  });
  r.delete(`${A}/:id`, async (req, res) => {
    await removeAccount(deps, principalOf(res).company, id(req));
    res.status(204).end();
  });
  r.post(`${A}/:id/check`, async (req, res) => {
    res.json(await checkAccount(deps, principalOf(res).company, id(req)));
  });
  r.post(`${A}/:id/rotate-webhook-credentials`, async (req, res) => {
    res.json(await rotateWebhookCredentials(deps, principalOf(res).company, id(req)));
  });
  return r;
}
