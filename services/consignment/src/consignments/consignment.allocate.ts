import { ConflictError, HttpError, NotFoundError } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { findByIdentifier, recordStatus, updateIfVersion } from './consignment.repository';
import { withTrackingNumbers } from './consignment.allocation';
import { allocateTarget } from './consignment.auto-allocation';
import { ConsignmentEvents, recordEvents, type PendingEvent } from './consignment.events';
import { toApi } from './consignment.mapper';
import { release } from './consignment.update';
import type { ConsignmentPatch } from './consignment.table';

/**
 * Allocates an Unallocated consignment by the company's rules (docs/api/allocation.md), for other services (the
 * documents service does this before printing). Already allocated: returned as it is. Nothing accepts
 * it: the reason is stored as rejection_reason and the answer is 409 carrying it. Cancelled: 409.
 */
export async function allocateUnallocated(deps: ConsignmentDeps, company: string, identifier: string): Promise<Record<string, unknown>> {
  const row = await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  const ctx = await deps.companies.get(company);
  if (row.status === 'Cancelled') throw new ConflictError('Consignment is Cancelled and cannot be allocated.');
  if (row.status !== 'Unallocated') return toApi(row, ctx.names, ctx.settings.extraCustomFields);
  const warehouse = ctx.warehouse(row.warehouse_id);
  if (!warehouse) throw new ConflictError(`The consignment's warehouse "${row.warehouse_id}" no longer exists.`);
  const outcome = await allocateTarget(deps, ctx, { kind: 'rules' }, {
    data: row.data, warehouse, options: row.requested_options, ids: { company, identifier, orderNumber: row.order_number },
  });
  const a = outcome.allocated ? outcome.allocation : null;
  const patch: ConsignmentPatch = a
    ? {
      status: 'Allocated', rejection_reason: null, carrier_id: a.carrierId, service_id: a.serviceId, consignment_number: a.consignmentNumber, carrier_account: a.account,
      tracking_url: a.trackingUrl, data: JSON.stringify(withTrackingNumbers(row.data, a.trackingNumbers)),
    }
    : { rejection_reason: outcome.allocated ? null : outcome.rejectionReason };
  const updated = await deps.db.transaction().execute(async (trx) => {
    const u = await updateIfVersion(trx, company, identifier, row.version, patch);
    if (!u) return undefined;
    const consignment = toApi(u, ctx.names, ctx.settings.extraCustomFields);
    const events: PendingEvent[] = [{ type: ConsignmentEvents.updated, data: { consignment } }];
    if (a) {
      events.push({ type: ConsignmentEvents.allocated, data: { consignment, service_id: u.service_id, consignment_number: u.consignment_number } });
      events.push({ type: ConsignmentEvents.statusChanged, data: { consignment, from: row.status, to: u.status } });
    }
    await recordStatus(trx, company, identifier, u.status, u.rejection_reason);
    await recordEvents(trx, company, events);
    return u;
  }).catch(async (err) => {
    if (a) await release(deps, ctx, { identifier, ...a });
    throw err;
  });
  if (!updated) {
    if (a) await release(deps, ctx, { identifier, ...a });
    throw new ConflictError('The consignment was changed by another request at the same time; fetch it and try again.');
  }
  deps.afterCommit();
  if (!a) throw new HttpError(409, updated.rejection_reason ?? 'The consignment could not be allocated.', { rejection_reason: updated.rejection_reason });
  return toApi(updated, ctx.names, ctx.settings.extraCustomFields);
}
