import { ConflictError, HttpError, NotFoundError } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { findByIdentifier, recordStatus, updateIfVersion } from './consignment.repository';
import { assertCancellable, isAllocated } from './consignment.status';
import { ConsignmentEvents, recordEvents } from './consignment.events';
import { carrierNameOf, toApi } from './consignment.mapper';
import { CarrierRejection } from '@waybill/carrier-model';

/**
 * Cancels: the carrier releases the booking first, so a consignment is never marked Cancelled while the
 * carrier still expects the parcel. Cancelling again answers the same.
 */
export async function cancelConsignment(deps: ConsignmentDeps, company: string, identifier: string): Promise<Record<string, unknown>> {
  const row = await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  const ctx = await deps.companies.get(company);
  if (row.status === 'Cancelled') return toApi(row, ctx.names, ctx.settings.extraCustomFields);
  assertCancellable(row.status);
  if (isAllocated(row.status) && row.carrier_id && row.consignment_number) {
    const carrier = ctx.bookedBy(row.carrier_id, carrierNameOf(row.service_id));
    try {
      await carrier?.cancel(row.consignment_number, { consignmentIdentifier: identifier });
    } catch (err) {
      deps.logger.warn({ err, identifier }, 'carrier refused or failed cancellation');
      // The carrier's own verdict is the merchant's to read; anything else may pass.
      if (err instanceof CarrierRejection) throw new HttpError(409, `${carrier?.name ?? row.carrier_id} refused the cancellation; nothing was changed: ${err.reason}`);
      throw new HttpError(503, 'The carrier could not confirm the cancellation; nothing was changed. Try again shortly.', {}, { 'Retry-After': '30' });
    }
  }
  const updated = await deps.db.transaction().execute(async (trx) => {
    const u = await updateIfVersion(trx, company, identifier, row.version, { status: 'Cancelled', rejection_reason: null });
    if (!u) return undefined;
    const consignment = toApi(u, ctx.names, ctx.settings.extraCustomFields);
    await recordStatus(trx, company, identifier, 'Cancelled', null);
    await recordEvents(trx, company, [
      { type: ConsignmentEvents.cancelled, data: { consignment, released: isAllocated(row.status) ? { carrier_id: row.carrier_id, consignment_number: row.consignment_number } : null } },
      { type: ConsignmentEvents.statusChanged, data: { consignment, from: row.status, to: 'Cancelled' } },
    ]);
    return u;
  });
  if (!updated) throw new ConflictError('The consignment was changed by another request at the same time; fetch it and try again.');
  deps.afterCommit();
  return toApi(updated, ctx.names, ctx.settings.extraCustomFields);
}
