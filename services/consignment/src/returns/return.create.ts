import { createHash, randomUUID } from 'node:crypto';
import { SchemaId, validate, type ReturnInput } from '@waybill/contracts';
import { ConflictError, InvalidError, NotFoundError } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { findByIdentifier, insertConsignmentsWithEvents, type CreatedRow } from '../consignments/consignment.repository';
import { allocateTarget } from '../consignments/consignment.auto-allocation';
import { withTrackingNumbers } from '../consignments/consignment.allocation';
import { ConsignmentEvents, envelopesOf, RETURN_CREATED, type PendingEvent } from '../consignments/consignment.events';
import { storedView } from '../consignments/consignment.create';
import { carrierNameOf, toApi } from '../consignments/consignment.mapper';
import type { AllocationTarget } from '../consignments/consignment.input';
import type { ConsignmentData, ConsignmentRow } from '../consignments/consignment.table';
import { warehouseId, type CompanyContext } from '../companies/company.context';
import type { Warehouse } from '../companies/company.repository';
import { loadPolicy } from './returns-policy.repository';
import { earlierLines, lockOutbound } from './return.repository';
import { overReturned, returnLines, returnPackages, type ReturnedItem } from './return.items';

type Json = Record<string, unknown>;

/** With an Idempotency-Key the return's identifier is derived from it, so a retry after a crash finds what it made. */
function identifierFor(company: string, outbound: string, key: string | undefined): string {
  if (!key) return randomUUID().replace(/-/g, '');
  return createHash('sha256').update(`${company}\u0000return\u0000${outbound}\u0000${key}`).digest('hex').slice(0, 32);
}

/** The outbound must have gone to a carrier and not been cancelled; a return is not returned again. */
function checkReturnable(row: ConsignmentRow): void {
  if (row.direction === 'return') throw new ConflictError('This consignment is itself a return; book a return for its outbound consignment.');
  if (row.status === 'Cancelled') throw new ConflictError('The consignment is Cancelled: nothing was shipped, so nothing can be returned.');
  if (row.status === 'Unallocated' || row.consignment_number === null) {
    throw new ConflictError('The consignment is not allocated: nothing was shipped yet, so nothing can be returned.');
  }
}

/** What is booked: the service asked for, else the policy's (`auto`: the company's rules among return services). */
function targetOf(ctx: CompanyContext, asked: string | null | undefined, policyService: string | null): AllocationTarget {
  const id = asked ?? policyService;
  if (id === null || id === undefined) throw InvalidError.field('service_id', 'Name a return service: the returns policy names none.');
  if (id.trim().toLowerCase() === 'auto') return { kind: 'rules' };
  const found = ctx.service(id);
  if (!found || found.service.return !== true) {
    throw InvalidError.field('service_id', `"${id}" is not one of the company's return services (those with "return": true in GET /carrierservices).`);
  }
  return { kind: 'service', ...found };
}

/** The returns warehouse as the return's recipient, in the shape of a consignment's recipient. */
function warehouseRecipient(w: Warehouse): Json {
  const { name, company_name: companyName, ...address } = w.address;
  return {
    name: name ?? companyName ?? w.name, company_name: companyName ?? null, address,
    contact_number: w.contact?.phone ?? null, email_address: w.contact?.email ?? null,
  };
}

/** Where the carrier collects: the outbound's recipient, standing in the place of a warehouse for the booking. */
function collectionPoint(sender: Json, returnsTo: Warehouse): Warehouse {
  const address = sender.address as Warehouse['address'];
  return {
    company: returnsTo.company, name: returnsTo.name, timezone: returnsTo.timezone, isDefault: false, cutoff: null,
    address: { ...address, name: (sender.name as string | null) ?? null, company_name: (sender.company_name as string | null) ?? null },
    contact: { phone: (sender.contact_number as string | null) ?? null, email: (sender.email_address as string | null) ?? null },
  };
}

function returnData(outbound: ConsignmentRow, returnsTo: Warehouse, lines: ReturnedItem[], reason: string | null, now: Date): ConsignmentData {
  const o = outbound.data;
  return {
    create_date: now.toISOString(), currency: o.currency ?? null, order_value: null,
    recipient: warehouseRecipient(returnsTo), sender: o.recipient,
    packages: returnPackages(o, lines),
    export_customs: { reason_for_export: 'returns' },
    return_reason: reason, return_items: lines,
  };
}

/**
 * Releases the carrier's booking of a return that was refused before it was stored (another return of the
 * same items stood first). A failure is logged: the merchant's answer is the refusal either way, and the
 * carrier never receives a parcel for an unused label.
 */
async function releaseBooking(deps: ConsignmentDeps, ctx: CompanyContext, row: CreatedRow): Promise<void> {
  if (!row.carrier_id || !row.consignment_number) return;
  const carrier = ctx.bookedBy(row.carrier_id, carrierNameOf(row.service_id));
  await carrier?.cancel(row.consignment_number, { consignmentIdentifier: row.identifier })
    .catch((err: unknown) => deps.logger.warn({ err, identifier: row.identifier }, 'could not release the booking of a refused return'));
}

/**
 * Books a return of an outbound consignment (docs/api/returns.md): from its recipient to the company's
 * returns warehouse, on a return service, at once. A carrier's refusal leaves the return Unallocated with its
 * reason, as for any consignment. Answers the return as GET /consignment/{identifier} would.
 */
export async function createReturn(deps: ConsignmentDeps, company: string, outboundId: string, body: unknown, key?: string): Promise<Record<string, unknown>> {
  const checked = validate(SchemaId.ReturnInput, body ?? {});
  if (!checked.ok) throw new InvalidError(checked.errors);
  const input = (body ?? {}) as ReturnInput;
  const outbound = await findByIdentifier(deps.db, company, outboundId);
  if (!outbound) throw new NotFoundError();
  checkReturnable(outbound);
  const [ctx, policy] = await Promise.all([deps.companies.get(company), loadPolicy(deps.db, company)]);
  const identifier = identifierFor(company, outbound.identifier, key);
  const made = key ? await findByIdentifier(deps.db, company, identifier) : undefined;
  if (made) return toApi(made, ctx.names, ctx.settings.extraCustomFields);
  const target = targetOf(ctx, input.service_id, policy.service_id);
  const returnsTo = ctx.warehouse(policy.warehouse_id ?? outbound.warehouse_id);
  if (!returnsTo) throw new ConflictError(`The returns warehouse "${policy.warehouse_id ?? outbound.warehouse_id}" no longer exists; set another in PUT /returns-policy.`);
  const reason = input.reason?.trim() || null;
  const lines = returnLines(outbound.data, await earlierLines(deps.db, company, outbound.identifier), input.items as never, reason);
  const data = returnData(outbound, returnsTo, lines, reason, deps.now());
  const ids = { company, identifier, orderNumber: outbound.order_number };
  const outcome = await allocateTarget(deps, ctx, target, {
    data, warehouse: collectionPoint(outbound.data.recipient as Json, returnsTo), options: {}, ids, direction: 'return',
  });
  const a = outcome.allocated ? outcome.allocation : null;
  const row: CreatedRow = {
    identifier, company, order_number: outbound.order_number,
    status: a ? 'Allocated' : 'Unallocated', rejection_reason: outcome.allocated ? null : outcome.rejectionReason,
    requested_carrier: null, carrier_id: a?.carrierId ?? null, service_id: a?.serviceId ?? null,
    consignment_number: a?.consignmentNumber ?? null, carrier_account: a?.account ?? null, tracking_url: a?.trackingUrl ?? null,
    warehouse_id: warehouseId(returnsTo), requested_options: {}, data: withTrackingNumbers(data, a?.trackingNumbers ?? null),
    direction: 'return', return_for: outbound.identifier,
  };
  const consignment = toApi(storedView(row), ctx.names, ctx.settings.extraCustomFields);
  const events: PendingEvent[] = [{ type: ConsignmentEvents.created, data: { consignment } }];
  if (a) events.push({ type: ConsignmentEvents.allocated, data: { consignment, service_id: row.service_id, consignment_number: row.consignment_number } });
  events.push({ type: RETURN_CREATED, data: {
    consignment_identifier: identifier, return_for: outbound.identifier, order_number: outbound.order_number, reason, items: lines,
    carrier: consignment.carrier ?? null, service_id: row.service_id, tracking_numbers: a?.trackingNumbers ?? [],
  } });
  // One transaction: the return, its events and return_created stand together or not at all. The outbound's
  // row is locked first, so returns of one outbound are counted one at a time: of two returns of the same
  // items booked at the same moment, the second sees the first and is refused.
  const stands = await deps.db.transaction().execute(async (trx) => {
    await lockOutbound(trx, company, outbound.identifier);
    if (lines.length > 0 && overReturned(outbound.data, [...await earlierLines(trx, company, outbound.identifier), ...lines])) return false;
    await insertConsignmentsWithEvents(trx, [row], envelopesOf(company, events));
    return true;
  });
  if (!stands) {
    await releaseBooking(deps, ctx, row);
    throw new ConflictError('Another return of the same items was booked at the same moment; this one was not. Fetch the consignment\'s returns and try again.');
  }
  deps.afterCommit();
  return consignment;
}
