import { createHash, randomUUID } from 'node:crypto';
import { InvalidError } from '@waybill/http';
import { isUniqueViolation } from '@waybill/db';
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
export const DUPLICATE_IDENTIFIER = 'identifier: A consignment with this identifier already exists.';

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
  const [ctx, aliases] = await Promise.all([deps.companies.get(company), deps.aliases.of(company)]);
  const now = deps.now();
  const errors: Record<string, string[]> = {};
  let planned: Planned[] = [];
  const identifiers = new Set<string>();
  body.forEach((raw, index) => {
    try {
      const input = prepareInput(raw, 'create', ctx, now, aliases);
      const identifier = input.identifier ?? identifierFor(company, idempotencyKey, index);
      // The first element to name an identifier has it; a later one in the same request is a duplicate.
      if (identifiers.has(identifier)) errors[String(index)] = [DUPLICATE_IDENTIFIER];
      else planned.push({ index, identifier, input });
      identifiers.add(identifier);
    } catch (err) {
      errors[String(index)] = describeErrors(err);
    }
  });
  // A client's identifier may be taken already: that element is refused. A key-derived one may exist from a
  // retry after a crash, and is what that attempt made; fresh random ones cannot exist.
  const checked = planned.filter((p) => p.input.identifier !== null || idempotencyKey);
  const existing = checked.length ? await existingIdentifiers(deps.db, company, checked.map((p) => p.identifier)) : new Set<string>();
  for (const p of planned) if (p.input.identifier !== null && existing.has(p.identifier)) refuse(errors, p);
  planned = planned.filter((p) => errors[String(p.index)] === undefined);
  const fresh = planned.filter((p) => !existing.has(p.identifier));
  await Promise.all(fresh.map(async (p) => {
    const warehouse = ctx.warehouse(p.input.warehouseId)!;
    p.outcome = await allocateTarget(deps, ctx, p.input.target, {
      data: p.input.data, warehouse, options: p.input.options, ids: { company, identifier: p.identifier, orderNumber: p.input.orderNumber },
    });
  }));
  const taken = await persist(deps, ctx, company, fresh);
  for (const p of taken) refuse(errors, p);
  return { success: planned.filter((p) => !taken.includes(p)).map((p) => p.identifier), errors };
}

function refuse(errors: Record<string, string[]>, p: Planned): void {
  errors[String(p.index)] = [DUPLICATE_IDENTIFIER];
}

/**
 * Stores the batch; returns the elements whose client identifier another request stored meanwhile (a
 * concurrent create with the same identifier: the unique index decides). Their bookings are released and
 * the rest is stored without them.
 */
async function persist(deps: ConsignmentDeps, ctx: CompanyContext, company: string, items: Planned[]): Promise<Planned[]> {
  const taken: Planned[] = [];
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    try {
      await insertBatch(deps, ctx, company, pending);
      break;
    } catch (err) {
      const lost = attempt < 3 && isUniqueViolation(err) ? await raced(deps, company, pending) : [];
      if (lost.length === 0) {
        await releaseBookings(deps, ctx, pending);
        throw err;
      }
      await releaseBookings(deps, ctx, lost);
      taken.push(...lost);
      pending = pending.filter((p) => !lost.includes(p));
    }
  }
  return taken;
}

/** The elements with a client identifier that exists now. */
async function raced(deps: ConsignmentDeps, company: string, items: Planned[]): Promise<Planned[]> {
  const own = items.filter((p) => p.input.identifier !== null);
  const existing = own.length ? await existingIdentifiers(deps.db, company, own.map((p) => p.identifier)) : new Set<string>();
  return own.filter((p) => existing.has(p.identifier));
}

async function insertBatch(deps: ConsignmentDeps, ctx: CompanyContext, company: string, items: Planned[]): Promise<void> {
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
  await insertConsignmentsWithEvents(deps.db, rows, envelopesOf(company, events));
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
    data: withTrackingNumbers(p.input.data, a?.trackingNumbers ?? null), direction: 'outbound', return_for: null,
  };
}

/** The row as it will read back once stored, for the events (`toApi` reads only columns given here). */
export function storedView(row: CreatedRow): ConsignmentRow {
  const now = new Date();
  return { ...row, seq: 0, list_seq: null, version: 1, manifest_id: null, tracked_at: null, created_at: now, updated_at: now, erased_at: null };
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
