import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { SchemaId, type WebhookEndpoint, type WebhookEndpointCreated, type WebhookEndpointInput, type WebhookEndpointPatch } from '@waybill/contracts';
import { assertValid, InvalidError, NotFoundError } from '@waybill/http';
import type { DispatcherDeps } from '../deps';
import { checkWebhookUrl, UrlRefusedError } from '../security/url-guard';
import { newSigningSecret } from '../security/signing';
import { deleteEndpoint, findEndpoint, insertEndpoint, listEndpoints, lockEndpoint, updateEndpoint } from './endpoint.repository';
import { secretContext, toApi } from './endpoint.mapper';
import type { EndpointRow, EndpointsTable, WebhookEventType } from './endpoint.table';

export const ALL_EVENT_TYPES: WebhookEventType[] = ['tracking_update', 'proof_of_delivery'];

/** Runs the SSRF guard on a URL a client sent; a refusal is a 400 on `url`. */
async function checkedUrl(deps: DispatcherDeps, raw: string): Promise<string> {
  try {
    return (await checkWebhookUrl(raw, deps.policy)).toString();
  } catch (err) {
    if (err instanceof UrlRefusedError) throw InvalidError.field('url', err.message);
    throw err;
  }
}

export async function requireEndpoint(deps: DispatcherDeps, company: string, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(deps.db, company, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function createEndpoint(deps: DispatcherDeps, company: string, body: unknown): Promise<WebhookEndpointCreated> {
  assertValid(SchemaId.WebhookEndpointInput, body);
  const input = body as WebhookEndpointInput;
  const url = await checkedUrl(deps, input.url);
  const id = randomUUID();
  const secret = newSigningSecret();
  const enabled = input.enabled ?? true;
  const row = await insertEndpoint(deps.db, {
    id, company, url, description: input.description ?? '', event_types: JSON.stringify(input.event_types ?? ALL_EVENT_TYPES),
    enabled, disabled_reason: enabled ? null : 'manual', secret: deps.box.seal(secret, secretContext(id)),
  });
  return { ...toApi(row), secret };
}

export async function listCompanyEndpoints(deps: DispatcherDeps, company: string): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(deps.db, company)).map(toApi);
}

export async function patchEndpoint(deps: DispatcherDeps, company: string, id: string, body: unknown): Promise<WebhookEndpoint> {
  const current = await requireEndpoint(deps, company, id);
  assertValid(SchemaId.WebhookEndpointPatch, body);
  const input = body as WebhookEndpointPatch;
  const patch: Updateable<EndpointsTable> = {};
  if (input.url !== undefined) patch.url = await checkedUrl(deps, input.url);
  if (input.description !== undefined) patch.description = input.description ?? '';
  if (input.event_types !== undefined) patch.event_types = JSON.stringify(input.event_types);
  if (input.enabled === true && !current.enabled) {
    // A fresh start: the failure streak and any throttle belong to the endpoint's past.
    Object.assign(patch, { enabled: true, disabled_reason: null, failing_since: null, throttled_until: null });
  } else if (input.enabled === false && current.enabled) {
    Object.assign(patch, { enabled: false, disabled_reason: 'manual' });
  }
  const row = await updateEndpoint(deps.db, company, id, patch);
  if (!row) throw new NotFoundError();
  return toApi(row);
}

export async function removeEndpoint(deps: DispatcherDeps, company: string, id: string): Promise<void> {
  if (!(await deleteEndpoint(deps.db, company, id))) throw new NotFoundError();
}

export async function endpointSecret(deps: DispatcherDeps, company: string, id: string): Promise<{ secret: string }> {
  const row = await requireEndpoint(deps, company, id);
  return { secret: deps.box.open(row.secret, secretContext(row.id)) };
}

/** A new secret; the old one keeps signing alongside it for the overlap (24 hours by default). */
export async function rotateSecret(deps: DispatcherDeps, company: string, id: string): Promise<{ secret: string }> {
  const secret = newSigningSecret();
  // Locked, so two rotations at once cannot both demote the same secret and lose the first new one.
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockEndpoint(trx, company, id);
    if (!row) throw new NotFoundError();
    await updateEndpoint(trx, company, id, {
      secret: deps.box.seal(secret, secretContext(id)),
      previous_secret: row.secret,
      previous_secret_expires_at: new Date(deps.now().getTime() + deps.config.secretOverlapMs),
    });
  });
  return { secret };
}
