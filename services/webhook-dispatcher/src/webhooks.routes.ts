import { Router, type Request } from 'express';
import { allowOnly, principalOf, publicPrefix } from '@waybill/http';
import type { DispatcherDeps } from './deps';
import {
  createEndpoint, endpointSecret, listCompanyEndpoints, patchEndpoint, removeEndpoint, requireEndpoint, rotateSecret,
} from './endpoints/endpoint.service';
import { toApi } from './endpoints/endpoint.mapper';
import { recoverEndpoint, resendMessage, sendTestEvent } from './messages/resend.service';
import { listAttempts } from './attempts/attempt.query';

const id = (req: Request) => String(req.params.id);
const str = (req: Request, k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);

/** The management API of docs/api/webhooks.md, under `/companies/:company`; every call is the token's company's. */
export function webhookRoutes(deps: DispatcherDeps, publicBaseUrl?: string): Router {
  const r = Router({ mergeParams: true });
  const E = '/webhooks/endpoints';
  allowOnly(r, E, ['GET', 'POST']);
  allowOnly(r, `${E}/:id`, ['GET', 'PATCH', 'DELETE']);
  allowOnly(r, `${E}/:id/secret`, ['GET']);
  for (const action of ['rotate-secret', 'test', 'recover']) allowOnly(r, `${E}/:id/${action}`, ['POST']);
  allowOnly(r, `${E}/:id/attempts`, ['GET']);
  allowOnly(r, '/webhooks/messages/:event_id/resend', ['POST']);

  r.get(E, async (_req, res) => {
    res.json(await listCompanyEndpoints(deps, principalOf(res).company));
  });
  r.post(E, async (req, res) => {
    res.status(201).json(await createEndpoint(deps, principalOf(res).company, req.body));
  });
  r.get(`${E}/:id`, async (req, res) => {
    res.json(toApi(await requireEndpoint(deps, principalOf(res).company, id(req))));
  });
  r.patch(`${E}/:id`, async (req, res) => {
    res.json(await patchEndpoint(deps, principalOf(res).company, id(req), req.body ?? {}));
  });
  r.delete(`${E}/:id`, async (req, res) => {
    await removeEndpoint(deps, principalOf(res).company, id(req));
    res.status(204).end();
  });
  r.get(`${E}/:id/secret`, async (req, res) => {
    res.json(await endpointSecret(deps, principalOf(res).company, id(req)));
  });
  r.post(`${E}/:id/rotate-secret`, async (req, res) => {
    res.json(await rotateSecret(deps, principalOf(res).company, id(req)));
  });
  r.post(`${E}/:id/test`, async (req, res) => {
    res.status(202).json(await sendTestEvent(deps, principalOf(res).company, id(req)));
  });
  r.post(`${E}/:id/recover`, async (req, res) => {
    res.status(202).json(await recoverEndpoint(deps, principalOf(res).company, id(req), req.body));
  });
  r.get(`${E}/:id/attempts`, async (req, res) => {
    const q = { offset: str(req, 'offset'), limit: str(req, 'limit') };
    res.json(await listAttempts(deps, principalOf(res).company, id(req), q, publicPrefix(req, publicBaseUrl)));
  });
  r.post('/webhooks/messages/:event_id/resend', async (req, res) => {
    res.status(202).json(await resendMessage(deps, principalOf(res).company, String(req.params.event_id), req.body));
  });
  return r;
}
