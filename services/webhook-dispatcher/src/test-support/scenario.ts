import { SchemaId, validate } from '@waybill/contracts';
import { eventually } from '@waybill/testing';
import type { Harness } from './harness';
import type { Receiver, Received } from './receiver';

export interface CreatedEndpoint {
  id: string;
  secret: string;
}

export async function createEndpoint(h: Harness, company: string, body: Record<string, unknown>): Promise<CreatedEndpoint> {
  const res = await h.api(company).post('/webhooks/endpoints', body);
  if (res.status !== 201) throw new Error(`endpoint not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, secret: res.body.secret };
}

const BODY_SCHEMAS: Record<string, string> = {
  tracking_update: SchemaId.TrackingUpdateWebhook, proof_of_delivery: SchemaId.ProofOfDeliveryWebhook, test: SchemaId.TestWebhook,
};

/** What a receiver would check of every webhook: the signature, the contract, and that the id matches. */
export function assertProperWebhook(receiver: Receiver, r: Received, secret: string): void {
  receiver.verify(r, secret);
  const schema = BODY_SCHEMAS[r.json?.event_type];
  if (!schema) throw new Error(`unexpected event_type ${r.json?.event_type}`);
  const check = validate(schema, r.json);
  if (!check.ok) throw new Error(`webhook body breaks the contract: ${JSON.stringify(check.errors)}`);
  if (r.json.event_id !== r.headers['webhook-id']) throw new Error('webhook-id differs from event_id');
}

/** Attempts of an endpoint as the API lists them (newest first). */
export async function attemptsOf(h: Harness, company: string, endpointId: string): Promise<any[]> {
  const res = await h.api(company).get(`/webhooks/endpoints/${endpointId}/attempts?limit=100`);
  return res.body.results;
}

/** Waits until the endpoint's attempts are all finished and `done(attempts)` holds. */
export async function settledAttempts(h: Harness, company: string, endpointId: string, done: (a: any[]) => boolean, timeoutMs = 15_000): Promise<any[]> {
  return eventually(async () => {
    const a = await attemptsOf(h, company, endpointId);
    return a.every((x) => x.outcome !== 'pending') && done(a) && a;
  }, { timeoutMs, what: 'attempts' });
}
