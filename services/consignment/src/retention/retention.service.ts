import { EventType } from '@waybill/contracts';
import { NotFoundError } from '@waybill/http';
import { newEnvelope, writeEvents } from '@waybill/messaging';
import type { Transaction } from 'kysely';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { toApi } from '../consignments/consignment.mapper';
import { findByIdentifier } from '../consignments/consignment.repository';
import type { ConsignmentDb } from '../database';
import { eraseOne, type ErasedRef } from './retention.repository';

export type ErasureReason = 'request' | 'retention';

/**
 * The erasure events (contracts/events/consignment-erased.json): every service holding a copy of the
 * consignment's personal data erases its own on it. They carry identifiers only.
 */
export async function recordErasures(trx: Transaction<ConsignmentDb>, erased: ErasedRef[], at: Date, reason: ErasureReason): Promise<void> {
  await writeEvents(trx, erased.map((e) => newEnvelope(EventType.ConsignmentErased, e.company, {
    identifier: e.identifier, consignment_number: e.consignment_number, tracking_numbers: e.tracking_numbers, erased_at: at.toISOString(), reason,
  })));
}

const trackingNumbersOf = (data: { packages?: Array<Record<string, unknown>> }) =>
  (data.packages ?? []).map((p) => p.tracking_number).filter((n): n is string => typeof n === 'string');

/**
 * A data subject's erasure (docs/api/retention.md): the recipient's personal data goes at once, the
 * event tells every other service to erase its copies, and the answer is the erased consignment.
 * Erasing again changes nothing and answers the same.
 */
export async function eraseConsignment(deps: ConsignmentDeps, company: string, identifier: string): Promise<Record<string, unknown>> {
  const ctx = await deps.companies.get(company);
  const erased = await deps.db.transaction().execute(async (trx) => {
    const row = await eraseOne(trx, company, identifier);
    if (!row) return undefined;
    const ref = { company, identifier: row.identifier, consignment_number: row.consignment_number, tracking_numbers: trackingNumbersOf(row.data) };
    await recordErasures(trx, [ref], row.erased_at ?? deps.now(), 'request');
    return row;
  });
  if (erased) deps.afterCommit();
  const row = erased ?? await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  return toApi(row, ctx.names, ctx.settings.extraCustomFields);
}
