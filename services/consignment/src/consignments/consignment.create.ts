import { createHash, randomUUID } from 'node:crypto';
import { InvalidError } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { prepareInput, type PreparedInput } from './consignment.input';
import { withTrackingNumbers, type AllocationOutcome } from './consignment.allocation';
import { allocateTarget } from './consignment.auto-allocation';
import { existingIdentifiers, insertConsignmentsWithEvents, type CreatedRow } from './consignment.repository';
import { ConsignmentEvents, envelopesOf, type PendingEvent } from './consignment.events';
import { carrierNameOf, toApi } from './consignment.mapper';
import type { ConsignmentRow } from './consignment.table';
import type { CompanyContext } from '../companies/company.context';

export const MAX_BATCH = 500;

export interface CreateResult {
  success: string[];
  errors: Record<string, string[]>;
}

/** With an Idempotency-Key the identifiers are derived from it, so a retry after a crash finds what it made. */
function identifierFor(company: string, key: string | undefined, index: number): string {
  if (!key) return randomUUID().replace(/-/g, '');
  return createHash('sha256').update(`${company}\u0000${key}\u0000${index}`).digest('hex').slice(0, 32);
}

function describeErrors(err: unknown): string[] {
  if (err instanceof InvalidError) {
    return Object.entries(err.errors).flatMap(([path, msgs]) => msgs.map((m) => (path === 'non_field_errors' ? m : `${path}: ${m}`)));
  }
  throw err;
}

interface Planned { index: number; identifier: string; input: PreparedInput; outcome?: AllocationOutcome }

/** Creates each element of the batch on its own terms: a bad element never blocks the others. */
export async function createConsignments(deps: ConsignmentDeps, company: string, body: unknown, idempotencyKey?: string): Promise<CreateResult> {
  if (!Array.isArray(body)) throw new InvalidError({ non_field_errors: ['Expected a list of consignments.'] });
  if (body.length === 0 || body.length > MAX_BATCH) {
    throw new InvalidError({ non_field_errors: [`A batch holds 1 to ${MAX_BATCH} consignments; got ${body.length}.`] });
  }
  const ctx = await deps.companies.get(company);
  const now = deps.now();
  const errors: Record<string, string[]> = {};
  const planned: Planned[] = [];
  body.forEach((raw, index) => {
    try {
      planned.push({ index, identifier: identifierFor(company, idempotencyKey, index), input: prepareInput(raw, 'create', ctx, now) });
    } catch (err) {
      errors[String(index)] = describeErrors(err);
    }
  });
  // Only key-derived identifiers can exist already (a retry after a crash); fresh random ones cannot.
  const already = idempotencyKey ? await existingIdentifiers(deps.db, company, planned.map((p) => p.identifier)) : new Set<string>();
  const fresh = planned.filter((p) => !already.has(p.identifier));
  await Promise.all(fresh.map(async (p) => {
    const warehouse = ctx.warehouse(p.input.warehouseId)!;
    p.outcome = await allocateTarget(deps, ctx, p.input.target, {
      data: p.input.data, warehouse, options: p.input.options, ids: { company, identifier: p.identifier, orderNumber: p.input.orderNumber },
    });
  }));
  await persist(deps, ctx, company, fresh);
  return { success: planned.map((p) => p.identifier), errors };
}

async function persist(deps: ConsignmentDeps, ctx: CompanyContext, company: string, items: Planned[]): Promise<void> {
  if (items.length === 0) return;
  const rows: CreatedRow[] = items.map((p) => toRow(company, p));
  // Everything the events say is known before the insert (no column they show has a database default).
  const events: PendingEvent[] = rows.flatMap((row) => {
    const consignment = toApi(storedView(row), ctx.names, ctx.settings.extraCustomFields);
    const list: PendingEvent[] = [{ type: ConsignmentEvents.created, data: { consignment } }];
    if (row.status === 'Allocated') {
      list.push({ type: ConsignmentEvents.allocated, data: { consignment, service_id: row.service_id, consignment_number: row.consignment_number } });
    }
    return list;
  });
  try {
    await insertConsignmentsWithEvents(deps.db, rows, envelopesOf(company, events));
  } catch (err) {
    await releaseBookings(deps, ctx, items);
    throw err;
  }
  deps.afterCommit();
}

function toRow(company: string, p: Planned): CreatedRow {
  const o = p.outcome!;
  const a = o.allocated ? o.allocation : null;
  return {
    identifier: p.identifier, company, order_number: p.input.orderNumber,
    status: a ? 'Allocated' : 'Unallocated', rejection_reason: o.allocated ? null : o.rejectionReason,
    requested_carrier: p.input.requestedCarrier, carrier_id: a?.carrierId ?? null, service_id: a?.serviceId ?? null,
    consignment_number: a?.consignmentNumber ?? null, carrier_account: a?.account ?? null, tracking_url: a?.trackingUrl ?? null,
    warehouse_id: p.input.warehouseId, requested_options: p.input.options,
    data: withTrackingNumbers(p.input.data, a?.trackingNumbers ?? null),
  };
}

/** The row as it will read back once stored, for the events (`toApi` reads only columns given here). */
function storedView(row: CreatedRow): ConsignmentRow {
  const now = new Date();
  return { ...row, seq: 0, list_seq: null, version: 1, manifest_id: null, tracked_at: null, created_at: now, updated_at: now };
}

/** Nothing was stored, so bookings made for this request are released again. */
async function releaseBookings(deps: ConsignmentDeps, ctx: CompanyContext, items: Planned[]): Promise<void> {
  await Promise.all(items.map(async (p) => {
    if (!p.outcome?.allocated) return;
    const a = p.outcome.allocation;
    try {
      await ctx.bookedBy(a.carrierId, carrierNameOf(a.serviceId))?.cancel(a.consignmentNumber, { consignmentIdentifier: p.identifier });
    } catch (err) {
      deps.logger.warn({ err, consignment_number: p.outcome.allocation.consignmentNumber }, 'could not release booking after failed create');
    }
  }));
}
