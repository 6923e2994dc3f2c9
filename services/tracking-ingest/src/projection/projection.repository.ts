import { sql, type Kysely, type Transaction } from 'kysely';
import type { TrackingDb } from '../database';
import type { ParcelRow, TrackedConsignmentRow } from './projection.table';
import type { Destination } from '../page/destination';

type Db = Kysely<TrackingDb> | Transaction<TrackingDb>;

/** A consignment: its identifier is unique within its company only (it may be the client's own). */
export interface ConsignmentRef {
  company: string;
  identifier: string;
}

/** One string per consignment, to key maps and sets by. */
export const consignmentKey = (c: ConsignmentRef): string => `${c.company}\u0000${c.identifier}`;

/** The consignment a parcel belongs to. */
export const parcelConsignment = (p: Pick<ParcelRow, 'company' | 'consignment_identifier'>): ConsignmentRef => ({ company: p.company, identifier: p.consignment_identifier });

export interface ConsignmentFacts {
  identifier: string;
  company: string;
  orderNumber: string;
  carrierId: string | null;
  carrierName: string | null;
  serviceId: string | null;
  consignmentNumber: string | null;
  /** Distinct tracking numbers with the reference of the first package carrying each. */
  parcels: Array<{ trackingNumber: string; reference: string | null }>;
  /** What the recipient's tracking page shows (page/destination.ts says why so little of the address). */
  page?: PageFacts;
}

export interface PageFacts {
  cancelled: boolean;
  serviceName: string | null;
  packageCount: number;
  expectedDeliveryDate: string | null;
  destination: Destination;
}

/** What one consignment event says, and when it happened. */
export interface FactsAt {
  facts: ConsignmentFacts;
  occurredAt: Date;
}

/**
 * Applies what the consignment service says a consignment now is, unless a newer event already did.
 * Returns false when skipped (older than what is stored).
 * The check and the write are one upsert (its row lock orders concurrent events for one consignment),
 * and a consignment seen for the first time has no parcels to retire: a consignment's first event
 * costs one statement, plus one for its parcels when it has some.
 */
export async function applyConsignmentFacts(trx: Transaction<TrackingDb>, facts: ConsignmentFacts, occurredAt: Date): Promise<boolean> {
  return (await applyManyConsignmentFacts(trx, [{ facts, occurredAt }]))[0];
}

/**
 * `applyConsignmentFacts` for a batch of events, in their order, with the same outcome as one by one:
 * the consignments of the batch are upserted by one statement (a batch of consignments seen for the first
 * time without parcels costs that statement alone). An identifier cannot be upserted twice in one
 * statement, so its later events go in later rounds. Returns whether each event was applied.
 */
export async function applyManyConsignmentFacts(trx: Transaction<TrackingDb>, items: FactsAt[]): Promise<boolean[]> {
  const applied = items.map(() => false);
  let pending = items.map((item, at) => ({ item, at }));
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const p of pending) {
      const key = consignmentKey(p.item.facts);
      (seen.has(key) ? later : round).push(p);
      seen.add(key);
    }
    // One statement writes the same columns for every row: events with and without page facts apart.
    for (const group of [round.filter((p) => p.item.facts.page), round.filter((p) => !p.item.facts.page)]) {
      if (group.length === 0) continue;
      const inserted = await upsertConsignments(trx, group.map((p) => p.item));
      for (const { item, at } of group) {
        const wasInserted = inserted.get(consignmentKey(item.facts));
        if (wasInserted === undefined) continue;
        applied[at] = true;
        await writeParcels(trx, item.facts, wasInserted);
      }
    }
    pending = later;
  }
  return applied;
}

/** The upsert of a round (distinct identifiers): which rows were written, and whether each was new. */
async function upsertConsignments(trx: Transaction<TrackingDb>, items: FactsAt[]): Promise<Map<string, boolean>> {
  const rows = items.map(({ facts, occurredAt }) => ({
    identifier: facts.identifier, company: facts.company, order_number: facts.orderNumber, carrier_id: facts.carrierId, carrier_name: facts.carrierName,
    service_id: facts.serviceId, consignment_number: facts.consignmentNumber, source_at: occurredAt.toISOString(),
    ...pageColumns(facts.page),
  }));
  const columns = Object.keys(rows[0]).filter((c) => c !== 'identifier' && c !== 'company') as Array<keyof typeof rows[0] & string>;
  const written = await trx.insertInto('tracked_consignments').values(rows)
    .onConflict((oc) => oc.columns(['company', 'identifier'])
      .doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])) as never)
      .where((eb) => eb('tracked_consignments.source_at', '<=', eb.ref('excluded.source_at'))))
    .returning(['company', 'identifier', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
  return new Map(written.map((r) => [consignmentKey(r), r.inserted]));
}

/** The parcels of an applied event: those it no longer carries retired (not on a first sight), its own upserted. */
async function writeParcels(trx: Transaction<TrackingDb>, facts: ConsignmentFacts, inserted: boolean): Promise<void> {
  const keep = facts.carrierId ? facts.parcels : [];
  if (!inserted) {
    let stale = trx.updateTable('parcels').set({ active: false }).where('company', '=', facts.company).where('consignment_identifier', '=', facts.identifier);
    if (keep.length) {
      stale = stale.where((eb) => eb.or([eb('tracking_number', 'not in', keep.map((p) => p.trackingNumber)), eb('carrier_id', '!=', facts.carrierId!)]));
    }
    await stale.execute();
  }
  if (keep.length === 0) return;
  // The tracking numbers are distinct (see factsOf), so one multi-row upsert never touches a row twice.
  await trx.insertInto('parcels').values(keep.map((p) => ({
    company: facts.company, consignment_identifier: facts.identifier, carrier_id: facts.carrierId!, tracking_number: p.trackingNumber, package_reference: p.reference,
  }))).onConflict((oc) => oc.columns(['company', 'consignment_identifier', 'tracking_number']).doUpdateSet((eb) => ({
    active: true, carrier_id: eb.ref('excluded.carrier_id'), package_reference: eb.ref('excluded.package_reference'),
  }))).execute();
}

function pageColumns(page: PageFacts | undefined) {
  if (!page) return {};
  const d = page.destination;
  return {
    cancelled: page.cancelled, service_name: page.serviceName, package_count: page.packageCount, expected_delivery_date: page.expectedDeliveryDate,
    destination_town: d.town, destination_district: d.district, destination_country: d.country, time_zone: d.timeZone,
  };
}

/** Parcels a carrier's tracking numbers currently belong to (possibly several companies' for one number). */
export async function findActiveParcels(db: Db, carrierId: string, trackingNumbers: string[]): Promise<ParcelRow[]> {
  if (trackingNumbers.length === 0) return [];
  return db.selectFrom('parcels').selectAll()
    .where('carrier_id', '=', carrierId).where('tracking_number', 'in', trackingNumbers).where('active', '=', true)
    .orderBy('id').execute();
}

/** `(company, identifier) in (...)` for a list of consignments. */
function among(refs: readonly ConsignmentRef[], company: string, identifier: string) {
  return sql<boolean>`(${sql.ref(company)}, ${sql.ref(identifier)}) in (${sql.join(refs.map((r) => sql`(${r.company}, ${r.identifier})`))})`;
}

/** Locks the consignments in a fixed order so concurrent pushes touching the same ones cannot deadlock. */
export async function lockConsignments(trx: Transaction<TrackingDb>, refs: readonly ConsignmentRef[]): Promise<TrackedConsignmentRow[]> {
  const distinct = [...new Map(refs.map((r) => [consignmentKey(r), r])).values()];
  if (distinct.length === 0) return [];
  return trx.selectFrom('tracked_consignments').selectAll().where(among(distinct, 'company', 'identifier'))
    .orderBy('identifier').orderBy('company').forUpdate().execute();
}

export async function activeParcelsOf(db: Db, refs: readonly ConsignmentRef[]): Promise<ParcelRow[]> {
  if (refs.length === 0) return [];
  return db.selectFrom('parcels').selectAll().where(among(refs, 'company', 'consignment_identifier')).where('active', '=', true)
    .orderBy('id').execute();
}
