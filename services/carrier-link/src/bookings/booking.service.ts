import { createHash } from 'node:crypto';
import { CarrierRejection, type Carrier } from '@waybill/carriers';
import { LabelConversionUnavailable, renderBookedLabels, type BookedLabelRequest } from '@waybill/carrier-labels';
import { ConflictError, NotFoundError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { accountContext } from '../accounts/account.service';
import type { AccountRow } from '../accounts/account.table';
import { accountById, bookedDocuments, findBooking, liveAccountOf, markCancelled, recordAnomaly, saveBooking } from './booking.repository';
import { bookingInput } from './booking.input';
import type { BookingRow } from './booking.table';
import { enqueueSubscription } from '../tracking/subscription.job';
import { scheduleAfterBooking } from '../tracking/poll.schedule';
import { recordingCalls } from '../calls/call.scope';

/**
 * `account`: the company's carrier account that booked it (what a whole-account manifest covers), absent
 * for a carrier reached without one. `named`: the refusal names the carrier already; when false, whoever
 * shows it prefixes the carrier's name (absent: it names the carrier).
 */
export type BookingAnswer =
  | { booked: true; consignment_number: string; tracking_numbers: string[]; tracking_url: string; account?: string; applied_options: Record<string, string> }
  | { booked: false; rejection_reason: string; outcome_unknown: boolean; named?: false };

const answerOf = (row: BookingRow): BookingAnswer => ({
  booked: true, consignment_number: row.consignment_number, tracking_numbers: row.tracking_numbers, tracking_url: row.tracking_url,
  ...(row.account_id ? { account: row.account_id } : {}), applied_options: row.applied_options ?? {},
});

/** A carrier every company may use without an account (the sandbox carriers). */
export function openCarrierOf(deps: CarrierLinkDeps, identifier: string): Carrier | undefined {
  return deps.openCarriers?.find(identifier);
}

/** The carrier that made a booking: through its account (even a deleted one), or a carrier without accounts. */
export async function bookedCarrier(deps: CarrierLinkDeps, row: BookingRow): Promise<Carrier | undefined> {
  if (row.account_id === null) return openCarrierOf(deps, row.carrier);
  const account = await accountById(deps.db, row.company, row.account_id);
  return account && deps.adapters.has(account.carrier) ? carrierOf(deps, account) : undefined;
}

export function carrierOf(deps: CarrierLinkDeps, account: AccountRow): Carrier {
  const adapter = deps.adapters.get(account.carrier);
  if (!adapter) throw new ConflictError(`carrier ${account.carrier} is not connected in this deployment`);
  return adapter.forAccount(accountContext(deps, account));
}

/** The refusal when the company has no enabled account with the carrier (or the deployment lacks it). */
export function noAccountReason(deps: CarrierLinkDeps, carrier: string): string {
  const name = deps.adapters.get(carrier)?.name ?? carrier;
  return `${name}: this company has no enabled ${name} account`;
}

/**
 * Books at the carrier through the company's account, once per consignment: a consignment already
 * booked (and not cancelled) answers its booking again without calling the carrier. A refusal is an
 * answer, not an error; one whose outcome is unknown is also recorded for the operator.
 */
export async function book(deps: CarrierLinkDeps, company: string, body: unknown): Promise<BookingAnswer> {
  const input = bookingInput(body, company);
  const requestHash = createHash('sha256').update(JSON.stringify([input.carrier, input.request])).digest('hex');
  const existing = await findBooking(deps.db, company, input.consignment);
  if (existing && !existing.cancelled_at) {
    if (existing.request_hash === null || existing.request_hash === requestHash) return answerOf(existing);
    // The consignment changed since it was booked: its old booking goes before the new one is made.
    const released = await cancel(deps, company, input.consignment);
    if (!released.cancelled) return { booked: false, rejection_reason: released.rejection_reason, outcome_unknown: false };
  }
  const open = openCarrierOf(deps, input.carrier);
  const account = open ? undefined : await liveAccountOf(deps.db, company, input.carrier);
  if (!open && (!account || !deps.adapters.has(input.carrier))) {
    return { booked: false, rejection_reason: noAccountReason(deps, input.carrier), outcome_unknown: false };
  }
  try {
    const carrier = open ?? carrierOf(deps, account!);
    // Calls through an account are on the record; a carrier without one makes no outbound call.
    const booking = await (account ? recordingCalls(deps, account, input.consignment, () => carrier.book(input.request)) : carrier.book(input.request));
    await saveBooking(deps.db, company, input.consignment, { accountId: account?.id ?? null, carrier: carrier.identifier }, booking, requestHash);
    const saved = (await findBooking(deps.db, company, input.consignment))!;
    // Tracking of a carrier reached without an account is pushed (the sandbox carriers): nothing to poll or subscribe.
    if (account) {
      await scheduleAfterBooking(deps, saved, !!carrier.subscribeTracking);
      await enqueueSubscription(deps.jobs, company, input.consignment);
    }
    return answerOf(saved);
  } catch (err) {
    if (!(err instanceof CarrierRejection)) throw err;
    if (err.outcomeUnknown && account) await recordAnomaly(deps, { company, account, operation: 'book', consignment: input.consignment, reason: err.reason });
    // A real carrier's adapter words its reasons with the carrier's name; a carrier without accounts may not.
    return { booked: false, rejection_reason: err.reason, outcome_unknown: err.outcomeUnknown, ...(open && !err.named ? { named: false } : {}) };
  }
}

async function requireBooking(deps: CarrierLinkDeps, company: string, consignment: string): Promise<BookingRow> {
  const row = await findBooking(deps.db, company, consignment);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Voids at the carrier (even through a deleted account); cancelling again answers the same. Given the
 * consignment number it was asked about, a booking since replaced by another (the consignment was edited
 * and booked again, voiding the old one) answers cancelled without touching the new one.
 */
export async function cancel(
  deps: CarrierLinkDeps, company: string, consignment: string, consignmentNumber?: string,
): Promise<{ cancelled: true } | { cancelled: false; rejection_reason: string }> {
  const row = await requireBooking(deps, company, consignment);
  if (row.cancelled_at || (consignmentNumber && consignmentNumber !== row.consignment_number)) return { cancelled: true };
  const carrier = await bookedCarrier(deps, row);
  if (!carrier) throw new NotFoundError();
  const account = row.account_id === null ? undefined : await accountById(deps.db, company, row.account_id);
  try {
    await (account ? recordingCalls(deps, account, consignment, () => carrier.cancel(row.consignment_number, { carrierReference: row.carrier_reference }))
      : carrier.cancel(row.consignment_number, { carrierReference: row.carrier_reference }));
  } catch (err) {
    if (err instanceof CarrierRejection) return { cancelled: false, rejection_reason: err.reason };
    throw err;
  }
  await markCancelled(deps.db, company, consignment);
  return { cancelled: true };
}

/** The stored labels in the format asked for, and the carrier's customs invoice; no carrier call. */
export async function labels(deps: CarrierLinkDeps, company: string, consignment: string, req: BookedLabelRequest) {
  const row = await requireBooking(deps, company, consignment);
  if (row.cancelled_at) throw new ConflictError('The booking was cancelled.');
  const docs = await bookedDocuments(deps.db, row);
  if (!docs) throw new ConflictError('The carrier produced no labels for this booking.');
  try {
    const rendered = await renderBookedLabels(docs, { ...req, createdAt: new Date(row.created_at) });
    return { labels: rendered, invoices: docs.customsInvoice ? docs.customsInvoice.toString('base64') : null, label_format: req.documentType };
  } catch (err) {
    if (err instanceof LabelConversionUnavailable) throw new ConflictError(err.message);
    throw err;
  }
}
