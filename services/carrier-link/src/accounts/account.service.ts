import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { SchemaId, type CarrierAccount, type CarrierAccountInput, type CarrierAccountPatch } from '@waybill/contracts';
import { credentialErrors, newWebhookCredentials, type CarrierAccountContext, type CarrierAdapter } from '@waybill/carriers';
import { isUniqueViolation } from '@waybill/db';
import { assertValid, ConflictError, InvalidError, NotFoundError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { findAccount, insertAccount, listAccounts, softDeleteAccount, updateAccount } from './account.repository';
import { hintsOf, sealContext, toApi as mapAccount, webhookUrls } from './account.mapper';
import type { AccountRow, CarrierAccountsTable } from './account.table';
import { recordingCalls } from '../calls/call.scope';

const view = (deps: CarrierLinkDeps) => (row: AccountRow) => mapAccount(row, deps.publicUrl);

function adapterOf(deps: CarrierLinkDeps, carrier: string): CarrierAdapter {
  const adapter = deps.adapters.get(carrier.trim().toLowerCase());
  if (!adapter) throw InvalidError.field('carrier', `Unknown carrier "${carrier}"; expected one of ${[...deps.adapters.keys()].join(', ')}.`);
  return adapter;
}

function checkCredentials(adapter: CarrierAdapter, credentials: unknown, partial: boolean): void {
  const errors = credentialErrors(adapter.credentialKeys, credentials, { partial });
  if (Object.keys(errors).length) throw new InvalidError(errors);
}

function checkLabelFormat(adapter: CarrierAdapter, format: string | undefined): void {
  if (format !== undefined && !adapter.bookingLabelFormats.includes(format as 'pdf')) {
    throw InvalidError.field('booking_label_format', `${adapter.name} books labels as ${adapter.bookingLabelFormats.join(' or ')}, not ${format}.`);
  }
}

/** The webhook credentials a carrier pushing with OAuth registers (returned in full once). */
function webhookCredentials(deps: CarrierLinkDeps, adapter: CarrierAdapter) {
  const made = newWebhookCredentials();
  return {
    columns: { webhook_client_id: made.clientId, webhook_secret_hash: made.secretHash, webhook_secret_hint: made.clientSecret.slice(-4) },
    shown: { client_id: made.clientId, client_secret: made.clientSecret, ...webhookUrls(deps.publicUrl, adapter.identifier) },
  };
}

export async function requireAccount(deps: CarrierLinkDeps, company: string, id: string): Promise<AccountRow> {
  const row = await findAccount(deps.db, company, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function readAccount(deps: CarrierLinkDeps, company: string, id: string): Promise<CarrierAccount> {
  return view(deps)(await requireAccount(deps, company, id));
}

export async function createAccount(deps: CarrierLinkDeps, company: string, body: unknown): Promise<CarrierAccount> {
  assertValid(SchemaId.CarrierAccountInput, body);
  const input = body as CarrierAccountInput;
  const adapter = adapterOf(deps, input.carrier);
  checkCredentials(adapter, input.credentials, false);
  checkLabelFormat(adapter, input.booking_label_format);
  const id = randomUUID();
  const webhook = adapter.pushesWithOAuth ? webhookCredentials(deps, adapter) : undefined;
  try {
    const row = await insertAccount(deps.db, {
      id, company, carrier: adapter.identifier, name: input.name, test_mode: input.test_mode ?? false, enabled: input.enabled ?? true,
      booking_label_format: input.booking_label_format ?? adapter.bookingLabelFormats[0],
      credentials_sealed: deps.box.seal(JSON.stringify(input.credentials), sealContext(id)),
      credentials_hint: JSON.stringify(hintsOf(input.credentials)),
      ...webhook?.columns,
    });
    return { ...view(deps)(row), ...(webhook ? { webhook_credentials: webhook.shown } : {}) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`This company already has a ${adapter.name} account; one account per carrier in this version.`);
    throw err;
  }
}

export async function listCompanyAccounts(deps: CarrierLinkDeps, company: string): Promise<CarrierAccount[]> {
  return (await listAccounts(deps.db, company)).map(view(deps));
}

export function openCredentials(deps: CarrierLinkDeps, row: AccountRow): Record<string, string> {
  return JSON.parse(deps.box.open(row.credentials_sealed, sealContext(row.id)));
}

export async function patchAccount(deps: CarrierLinkDeps, company: string, id: string, body: unknown): Promise<CarrierAccount> {
  const current = await requireAccount(deps, company, id);
  assertValid(SchemaId.CarrierAccountPatch, body);
  const input = body as CarrierAccountPatch;
  const adapter = adapterOf(deps, current.carrier);
  checkLabelFormat(adapter, input.booking_label_format);
  const patch: Updateable<CarrierAccountsTable> = {};
  for (const key of ['name', 'test_mode', 'enabled', 'booking_label_format'] as const) {
    if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
  }
  if (input.credentials !== undefined) {
    checkCredentials(adapter, input.credentials, true);
    const merged = { ...openCredentials(deps, current), ...input.credentials };
    Object.assign(patch, { credentials_sealed: deps.box.seal(JSON.stringify(merged), sealContext(id)), credentials_hint: JSON.stringify(hintsOf(merged)), last_check: null });
  }
  const row = await updateAccount(deps.db, company, id, patch);
  if (!row) throw new NotFoundError();
  return view(deps)(row);
}

export async function removeAccount(deps: CarrierLinkDeps, company: string, id: string): Promise<void> {
  if (!(await softDeleteAccount(deps.db, company, id))) throw new NotFoundError();
}

/** What an adapter is given for this account: its credentials opened, in memory only. */
export function accountContext(deps: CarrierLinkDeps, row: AccountRow): CarrierAccountContext {
  return { id: row.id, company: row.company, testMode: row.test_mode, credentials: openCredentials(deps, row), bookingLabelFormat: row.booking_label_format };
}

/** One authenticated call to the carrier that changes nothing; the answer is kept as `last_check`. */
export async function checkAccount(deps: CarrierLinkDeps, company: string, id: string): Promise<{ ok: boolean; detail?: string }> {
  const row = await requireAccount(deps, company, id);
  const carrier = adapterOf(deps, row.carrier).forAccount(accountContext(deps, row));
  const answer = carrier.checkAccount ? await recordingCalls(deps, row, null, () => carrier.checkAccount!()) : { ok: true as const };
  const detail = answer.ok ? null : answer.detail;
  await updateAccount(deps.db, company, id, { last_check: JSON.stringify({ ok: answer.ok, detail, at: new Date().toISOString() }) });
  return answer.ok ? { ok: true } : { ok: false, detail: detail! };
}

export async function rotateWebhookCredentials(deps: CarrierLinkDeps, company: string, id: string): Promise<CarrierAccount> {
  const row = await requireAccount(deps, company, id);
  const adapter = adapterOf(deps, row.carrier);
  if (!adapter.pushesWithOAuth) throw new ConflictError(`${adapter.name} does not push tracking with webhook credentials.`);
  const webhook = webhookCredentials(deps, adapter);
  const updated = await updateAccount(deps.db, company, id, webhook.columns);
  if (!updated) throw new NotFoundError();
  return { ...view(deps)(updated), webhook_credentials: webhook.shown };
}
