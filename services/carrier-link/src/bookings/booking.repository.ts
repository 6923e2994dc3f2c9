import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import type { BookedDocuments, Booking } from '@waybill/carriers';
import type { CarrierLinkDb } from '../database';
import type { AccountRow } from '../accounts/account.table';
import type { BookingRow } from './booking.table';

type Db = Kysely<CarrierLinkDb>;

export async function findBooking(db: Db, company: string, consignment: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('company', '=', company).where('consignment_identifier', '=', consignment).executeTakeFirst();
}

/**
 * The booking and its documents in one transaction: never a booking without its labels. `by`: the carrier,
 * and the account booked through (null for a carrier reached without one).
 */
export async function saveBooking(
  db: Db, company: string, consignment: string, by: { accountId: string | null; carrier: string }, b: Booking, requestHash: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('booked_labels').where('company', '=', company).where('consignment_identifier', '=', consignment).execute();
    await tx.deleteFrom('bookings').where('company', '=', company).where('consignment_identifier', '=', consignment).execute();
    await tx.insertInto('bookings').values({
      company, consignment_identifier: consignment, account_id: by.accountId, carrier: by.carrier, applied_options: JSON.stringify(b.appliedOptions),
      consignment_number: b.consignmentNumber, tracking_numbers: JSON.stringify(b.trackingNumbers), tracking_url: b.trackingUrl,
      label_format: b.documents?.labelFormat ?? null, customs_invoice: b.documents?.customsInvoice ?? null,
      carrier_reference: b.carrierReference ?? null, request_hash: requestHash,
    }).execute();
    const labels = b.documents?.labels ?? [];
    if (labels.length) {
      await tx.insertInto('booked_labels').values(labels.map((content, position) => ({ company, consignment_identifier: consignment, position, content }))).execute();
    }
  });
}

export async function bookedDocuments(db: Db, row: BookingRow): Promise<BookedDocuments | undefined> {
  if (!row.label_format) return undefined;
  const labels = await db.selectFrom('booked_labels').select('content').where('company', '=', row.company)
    .where('consignment_identifier', '=', row.consignment_identifier).orderBy('position').execute();
  return { labelFormat: row.label_format, labels: labels.map((l) => Buffer.from(l.content)), customsInvoice: row.customs_invoice ? Buffer.from(row.customs_invoice) : null };
}

export async function markCancelled(db: Db, company: string, consignment: string): Promise<void> {
  await db.updateTable('bookings').set({ cancelled_at: new Date().toISOString() })
    .where('company', '=', company).where('consignment_identifier', '=', consignment).where('cancelled_at', 'is', null).execute();
}

/**
 * A call the carrier may have acted on although it answered no: kept for the operator and logged (the
 * adapters' outbound calls count it in `waybill_carrier_call_anomalies_total`).
 */
export async function recordAnomaly(
  deps: { db: Db; logger: Logger }, a: { company: string; account: AccountRow; operation: string; consignment: string | null; reason: string },
): Promise<void> {
  await deps.db.insertInto('call_anomalies').values({
    company: a.company, account_id: a.account.id, carrier: a.account.carrier, operation: a.operation, consignment_identifier: a.consignment, reason: a.reason,
  }).execute();
  deps.logger.warn({ carrier: a.account.carrier, operation: a.operation, consignment: a.consignment, reason: a.reason }, 'carrier call outcome unknown');
}

export async function liveAccountOf(db: Db, company: string, carrier: string): Promise<AccountRow | undefined> {
  return db.selectFrom('carrier_accounts').selectAll().where('company', '=', company).where('carrier', '=', carrier)
    .where('deleted_at', 'is', null).where('enabled', '=', true).executeTakeFirst();
}

export async function accountById(db: Db, company: string, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('carrier_accounts').selectAll().where('company', '=', company).where('id', '=', id).executeTakeFirst();
}
