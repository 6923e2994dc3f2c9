import { ConflictError, NotFoundError } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { prepareInput, type AllocationTarget, type PreparedInput } from './consignment.input';
import { destinationOf, parcelsOf, withTrackingNumbers, type AllocationOutcome } from './consignment.allocation';
import { allocateTarget } from './consignment.auto-allocation';
import { findByIdentifier, recordStatus, updateIfVersion } from './consignment.repository';
import { assertEditable, isAllocated, type ConsignmentStatus } from './consignment.status';
import { ConsignmentEvents, recordEvents, type PendingEvent } from './consignment.events';
import { carrierNameOf, toApi } from './consignment.mapper';
import type { CompanyContext } from '../companies/company.context';
import type { ConsignmentPatch, ConsignmentRow, ConsignmentData } from './consignment.table';

/** What the carrier booked: if none of it changed, the booking stands. Options it does not use are not part of it. */
function bookingFingerprint(warehouseId: string, data: ConsignmentData, options: Record<string, string>, used: readonly string[]): string {
  const booked = Object.entries(options).filter(([k]) => used.includes(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([warehouseId, destinationOf(data), parcelsOf(data).map((p) => ({ ...p, reference: null })), booked]);
}

function sameTarget(row: ConsignmentRow, t: AllocationTarget): boolean {
  if (t.kind === 'service') return row.service_id?.toLowerCase() === `${t.carrier.name}|${t.service.name}`.toLowerCase();
  if (t.kind === 'carrier') return row.carrier_id === t.carrier.identifier;
  return false;
}

function keepsBooking(row: ConsignmentRow, input: PreparedInput, used: readonly string[]): boolean {
  return isAllocated(row.status) && sameTarget(row, input.target)
    && bookingFingerprint(row.warehouse_id, row.data, row.requested_options, used) === bookingFingerprint(input.warehouseId, input.data, input.options, used);
}

/** Full replacement. Setting service_id/carrier allocates, clearing both unallocates. */
export async function updateConsignment(deps: ConsignmentDeps, company: string, identifier: string, body: unknown): Promise<Record<string, unknown>> {
  const row = await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  // docs/api/retention.md: an erased consignment keeps no recipient to book or change.
  if (row.erased_at) throw new ConflictError('The consignment\'s personal data was erased; it cannot be changed.');
  assertEditable(row.status);
  // A return is booked from its outbound (docs/api/returns.md): it is cancelled and booked again, never edited.
  if (row.direction === 'return') throw new ConflictError('A return cannot be changed; cancel it and book another with POST /consignment/{identifier}/returns on its outbound.');
  const [ctx, aliases] = await Promise.all([deps.companies.get(company), deps.aliases.of(company)]);
  const input = prepareInput(body, 'update', ctx, deps.now(), aliases);

  const used = row.carrier_id ? ctx.bookedBy(row.carrier_id, carrierNameOf(row.service_id))?.capabilities.options ?? [] : [];
  const keep = keepsBooking(row, input, used);
  const outcome: AllocationOutcome | null = keep ? null : await allocateTarget(deps, ctx, input.target, {
    data: input.data, warehouse: ctx.warehouse(input.warehouseId)!, options: input.options, ids: { company, identifier, orderNumber: input.orderNumber },
  });
  const patch = buildPatch(row, input, outcome);
  const events: PendingEvent[] = [];
  let updated: ConsignmentRow | undefined;
  try {
    updated = await deps.db.transaction().execute(async (trx) => {
      const u = await updateIfVersion(trx, company, identifier, row.version, patch);
      if (!u) return undefined;
      const consignment = toApi(u, ctx.names, ctx.settings.extraCustomFields);
      events.push({ type: ConsignmentEvents.updated, data: { consignment } });
      if (outcome?.allocated) events.push({ type: ConsignmentEvents.allocated, data: { consignment, service_id: u.service_id, consignment_number: u.consignment_number } });
      if (outcome && !outcome.allocated && isAllocated(row.status)) {
        events.push({ type: ConsignmentEvents.unallocated, data: { consignment, released: { carrier_id: row.carrier_id, consignment_number: row.consignment_number } } });
      }
      if (u.status !== row.status || u.rejection_reason !== row.rejection_reason) {
        if (u.status !== row.status) events.push({ type: ConsignmentEvents.statusChanged, data: { consignment, from: row.status, to: u.status } });
        await recordStatus(trx, company, identifier, u.status, u.rejection_reason);
      }
      await recordEvents(trx, company, events);
      return u;
    });
  } catch (err) {
    if (outcome?.allocated) await release(deps, ctx, { identifier, ...outcome.allocation });
    throw err;
  }
  if (!updated) {
    if (outcome?.allocated) await release(deps, ctx, { identifier, ...outcome.allocation });
    throw new ConflictError('The consignment was changed by another request at the same time; fetch it and try again.');
  }
  deps.afterCommit();
  if (!keep && isAllocated(row.status) && row.carrier_id && row.consignment_number) {
    await release(deps, ctx, { identifier, carrierId: row.carrier_id, consignmentNumber: row.consignment_number, serviceId: row.service_id });
  }
  return toApi(updated, ctx.names, ctx.settings.extraCustomFields);
}

function buildPatch(row: ConsignmentRow, input: PreparedInput, outcome: AllocationOutcome | null): ConsignmentPatch {
  const base: ConsignmentPatch = {
    order_number: input.orderNumber, warehouse_id: input.warehouseId,
    requested_carrier: input.requestedCarrier, requested_options: JSON.stringify(input.options),
  };
  if (!outcome) {
    const numbers = (row.data.packages ?? []).map((p) => (p.tracking_number as string | null) ?? null);
    const fallback = numbers.find((n) => n) ?? row.consignment_number;
    const keptNumbers = input.data.packages?.map((_, i) => numbers[i] ?? fallback ?? '') ?? [];
    return { ...base, data: JSON.stringify(withTrackingNumbers(input.data, keptNumbers)) };
  }
  const a = outcome.allocated ? outcome.allocation : null;
  const status: ConsignmentStatus = a ? 'Allocated' : 'Unallocated';
  return {
    ...base, status, rejection_reason: outcome.allocated ? null : outcome.rejectionReason,
    carrier_id: a?.carrierId ?? null, service_id: a?.serviceId ?? null,
    consignment_number: a?.consignmentNumber ?? null, carrier_account: a?.account ?? null, tracking_url: a?.trackingUrl ?? null,
    data: JSON.stringify(withTrackingNumbers(input.data, a?.trackingNumbers ?? null)),
  };
}

export interface BookingRef {
  identifier: string;
  carrierId: string;
  consignmentNumber: string;
  serviceId: string | null;
}

/** Tells the carrier a booking is no longer wanted. The consignment no longer points at it either way. */
export async function release(deps: ConsignmentDeps, ctx: CompanyContext, b: BookingRef): Promise<void> {
  try {
    await ctx.bookedBy(b.carrierId, carrierNameOf(b.serviceId))?.cancel(b.consignmentNumber, { consignmentIdentifier: b.identifier });
  } catch (err) {
    deps.logger.warn({ err, carrier_id: b.carrierId, consignment_number: b.consignmentNumber }, 'carrier did not confirm release of booking');
  }
}
