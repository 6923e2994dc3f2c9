import { randomBytes } from 'node:crypto';
import { hasCapability, type PickupRequest } from '@waybill/carriers';
import { ConflictError, InvalidError, NotFoundError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { carrierOf, openCarrierOf } from '../bookings/booking.service';
import { accountById } from '../bookings/booking.repository';
import { atCarrier, reachCarrier, type Reached } from '../reached-carrier';
import { collectionInput, todayIn } from './collection.input';
import { findCollection, markCollectionCancelled, saveCollection } from './collection.repository';
import { toApiCollection } from './collection.mapper';
import type { CollectionRow } from './collection.table';

/** Books the carrier's van to a warehouse (docs/api/collections.md): checked first, then asked of the carrier, stored when it accepts. */
export async function bookCollection(deps: CarrierLinkDeps, company: string, body: unknown) {
  const input = collectionInput(body);
  if (!deps.warehouses) throw new ConflictError('Collections need the consignment service, which owns warehouses.');
  const warehouse = (await deps.warehouses.list(company)).find((w) => w.identifier === input.warehouse_id);
  if (!warehouse) throw InvalidError.field('warehouse_id', `Unknown warehouse "${input.warehouse_id}".`);
  if (input.date < todayIn(warehouse.timezone)) throw InvalidError.field('date', `Must be today or later where the warehouse is (${todayIn(warehouse.timezone)}).`);
  const reached = await reachCarrier(deps, company, input.carrier_id);
  const pickups = reached.carrier.pickups;
  if (!pickups || !hasCapability(reached.carrier.capabilities.supports, 'collections')) {
    throw InvalidError.field('carrier_id', `${reached.carrier.name} does not book collections.`);
  }
  const identifier = randomBytes(16).toString('hex');
  const request: PickupRequest = {
    company, collectionId: identifier, address: warehouse.address, contact: reached.account ? await deps.warehouses.contact?.(company) ?? null : null, timeZone: warehouse.timezone, date: input.date,
    readyTime: input.ready_time, closeTime: input.close_time, parcels: input.parcels, weightKg: input.weight_kg,
  };
  const booked = await atCarrier(deps, reached, () => pickups.book(request));
  await saveCollection(deps.db, {
    company, identifier, account_id: reached.account?.id ?? null, carrier: reached.carrier.identifier, warehouse_id: input.warehouse_id,
    date: input.date, ready_time: input.ready_time, close_time: input.close_time, parcels: input.parcels,
    weight_kg: input.weight_kg === null ? null : String(input.weight_kg), consignment_ids: JSON.stringify(input.consignment_ids),
    request: JSON.stringify(request), carrier_reference: booked.reference, status: 'booked',
  });
  return toApiCollection((await findCollection(deps.db, company, identifier))!);
}

export async function getCollection(deps: CarrierLinkDeps, company: string, identifier: string): Promise<CollectionRow> {
  const row = await findCollection(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  return row;
}

/** Cancels at the carrier, then here; one already cancelled answers as it is. */
export async function cancelCollection(deps: CarrierLinkDeps, company: string, identifier: string) {
  const row = await getCollection(deps, company, identifier);
  if (row.status === 'cancelled') return toApiCollection(row);
  const reached = await bookedBy(deps, row);
  await atCarrier(deps, reached, () => reached.carrier.pickups!.cancel(row.carrier_reference, row.request));
  await markCollectionCancelled(deps.db, company, identifier);
  return toApiCollection(await getCollection(deps, company, identifier));
}

/** The carrier that booked it: through its account (even one since disabled), or a carrier without accounts. */
async function bookedBy(deps: CarrierLinkDeps, row: CollectionRow): Promise<Reached> {
  if (row.account_id === null) {
    const open = openCarrierOf(deps, row.carrier);
    if (open?.pickups) return { carrier: open };
  } else {
    const account = await accountById(deps.db, row.company, row.account_id);
    if (account && deps.adapters.has(account.carrier)) {
      const carrier = carrierOf(deps, account);
      if (carrier.pickups) return { carrier, account };
    }
  }
  throw new ConflictError(`carrier ${row.carrier} can no longer be reached from this deployment to cancel the collection`);
}
