import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SchemaId, type WebhookRecoverInput, type WebhookResendInput } from '@waybill/contracts';
import { assertValid, ConflictError, InvalidError, NotFoundError } from '@waybill/http';
import type { DispatcherDb } from '../database';
import type { DispatcherDeps } from '../deps';
import { enqueueDelivery, type DeliveryJob } from '../delivery/delivery.job';
import { findEndpoint } from '../endpoints/endpoint.repository';
import { requireEndpoint } from '../endpoints/endpoint.service';
import { findMessage, insertDeliveries, insertMessages } from './message.repository';
import { testBody } from './webhook-bodies';

/**
 * Starts a new round for a delivery (creating it if the endpoint never had the message): a fresh
 * schedule from attempt 1, at once. Jobs of the previous round find a newer round and do nothing.
 */
async function newRound(trx: Transaction<DispatcherDb>, company: string, eventId: string, endpointId: string): Promise<DeliveryJob> {
  const bumped = await trx.updateTable('deliveries')
    .set((eb) => ({ round: eb('round', '+', 1), round_attempts: 0, state: 'pending', next_attempt_at: new Date(), lease_until: null }))
    .where('company', '=', company).where('event_id', '=', eventId).where('endpoint_id', '=', endpointId)
    .returning('round').executeTakeFirst();
  if (!bumped) await insertDeliveries(trx, [{ company, event_id: eventId, endpoint_id: endpointId }]);
  return { company, event_id: eventId, endpoint_id: endpointId, round: bumped?.round ?? 1, attempt: 1 };
}

async function enqueueAll(deps: DispatcherDeps, jobs: DeliveryJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 50) await Promise.all(jobs.slice(i, i + 50).map((j) => enqueueDelivery(deps.jobs, j)));
}

function requireEnabled(endpoint: { enabled: boolean; disabled_reason: string | null }): void {
  if (!endpoint.enabled) throw new ConflictError(`The endpoint is disabled (${endpoint.disabled_reason}); enable it first.`);
}

/** A manual resend: sends again even after a success (the one exception to "one success per endpoint"). */
export async function resendMessage(deps: DispatcherDeps, company: string, eventId: string, body: unknown): Promise<{ resent: number }> {
  const input = (body ?? {}) as WebhookResendInput;
  assertValid(SchemaId.WebhookResendInput, input);
  if (!(await findMessage(deps.db, company, eventId))) throw new NotFoundError();
  let endpointIds: string[];
  if (input.endpoint_id !== undefined) {
    const endpoint = await findEndpoint(deps.db, company, input.endpoint_id);
    if (!endpoint) throw InvalidError.field('endpoint_id', `Unknown endpoint "${input.endpoint_id}".`);
    requireEnabled(endpoint);
    endpointIds = [endpoint.id];
  } else {
    const rows = await deps.db.selectFrom('deliveries as d').innerJoin('endpoints as e', 'e.id', 'd.endpoint_id').select('d.endpoint_id')
      .where('d.company', '=', company).where('e.company', '=', company).where('d.event_id', '=', eventId).where('e.enabled', '=', true).execute();
    endpointIds = rows.map((r) => r.endpoint_id);
  }
  const jobs = await deps.db.transaction().execute(async (trx) => {
    const started: DeliveryJob[] = [];
    for (const id of endpointIds) started.push(await newRound(trx, company, eventId, id));
    return started;
  });
  await enqueueAll(deps, jobs);
  return { resent: jobs.length };
}

/** Re-sends now every message to the endpoint since `since` that has no successful attempt. */
export async function recoverEndpoint(deps: DispatcherDeps, company: string, endpointId: string, body: unknown): Promise<{ resent: number }> {
  const endpoint = await requireEndpoint(deps, company, endpointId);
  assertValid(SchemaId.WebhookRecoverInput, body);
  requireEnabled(endpoint);
  const since = new Date((body as WebhookRecoverInput).since);
  const jobs = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('deliveries').select('event_id')
      .where('company', '=', company).where('endpoint_id', '=', endpointId)
      .where('state', 'in', ['pending', 'failed']).where('created_at', '>=', since)
      .orderBy('created_at').forUpdate().execute();
    const started: DeliveryJob[] = [];
    for (const r of rows) started.push(await newRound(trx, company, r.event_id, endpointId));
    return started;
  });
  await enqueueAll(deps, jobs);
  return { resent: jobs.length };
}

/** A signed test webhook to one endpoint, whatever event types it subscribes to. */
export async function sendTestEvent(deps: DispatcherDeps, company: string, endpointId: string): Promise<{ event_id: string }> {
  const endpoint = await requireEndpoint(deps, company, endpointId);
  requireEnabled(endpoint);
  const eventId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await insertMessages(trx, [{ event_id: eventId, company, event_type: 'test', body: JSON.stringify(testBody(eventId)) }]);
    await insertDeliveries(trx, [{ company, event_id: eventId, endpoint_id: endpointId }]);
  });
  await enqueueAll(deps, [{ company, event_id: eventId, endpoint_id: endpointId, round: 1, attempt: 1 }]);
  return { event_id: eventId };
}
