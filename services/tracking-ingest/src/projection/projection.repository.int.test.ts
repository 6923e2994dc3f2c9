import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import type { TrackingDb } from '../database';
import { migrations } from '../migrations';
import { applyConsignmentFacts, applyManyConsignmentFacts, type ConsignmentFacts, type FactsAt } from './projection.repository';

/** The projection of consignments and their parcels, as the consignment events keep it. */
describe('consignment projection', () => {
  let tdb: TestDatabase;
  let database: Database<TrackingDb>;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    database = openDatabase<TrackingDb>(tdb.target, 'tracking');
    await migrateToLatest(database.db, 'tracking', migrations);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  let n = 0;
  const facts = (o: Partial<ConsignmentFacts> = {}): ConsignmentFacts => ({
    identifier: `c${++n}`, company: 'acme', orderNumber: 'ORD-1', carrierId: 'generic', carrierName: 'Generic Carrier',
    serviceId: 'Generic Carrier|Generic Domestic Service GDOM', consignmentNumber: 'GCN1',
    parcels: [{ trackingNumber: 'GC1', reference: 'pkg-1' }, { trackingNumber: 'GC2', reference: 'pkg-2' }], ...o,
  });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute));
  const apply = (f: ConsignmentFacts, when: Date) => database.db.transaction().execute((trx) => applyConsignmentFacts(trx, f, when));
  const stored = (identifier: string, company = 'acme') => database.db.selectFrom('tracked_consignments').select(['company', 'order_number', 'carrier_id', 'source_at'])
    .where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst();
  const parcels = async (identifier: string, company = 'acme') => (await database.db.selectFrom('parcels').select(['tracking_number', 'carrier_id', 'package_reference', 'active'])
    .where('company', '=', company).where('consignment_identifier', '=', identifier).orderBy('tracking_number').execute())
    .map((p) => `${p.tracking_number}/${p.carrier_id}/${p.package_reference}/${p.active ? 'active' : 'retired'}`);

  it('stores a consignment seen for the first time with its parcels', async () => {
    const f = facts();
    expect(await apply(f, at(0))).toBe(true);
    expect(await stored(f.identifier)).toEqual({ company: 'acme', order_number: 'ORD-1', carrier_id: 'generic', source_at: at(0) });
    expect(await parcels(f.identifier)).toEqual(['GC1/generic/pkg-1/active', 'GC2/generic/pkg-2/active']);
  });

  it('skips an event older than what is stored, and keeps another company\'s consignment with the same identifier apart', async () => {
    const f = facts();
    await apply(f, at(10));
    expect(await apply({ ...f, orderNumber: 'OLDER', parcels: [] }, at(5))).toBe(false);
    // Identifiers may be the client's own, unique per company only: another company's is another consignment.
    expect(await apply({ ...f, company: 'globex', orderNumber: 'THEIRS', parcels: [{ trackingNumber: 'GX9', reference: null }] }, at(20))).toBe(true);
    expect(await stored(f.identifier)).toEqual({ company: 'acme', order_number: 'ORD-1', carrier_id: 'generic', source_at: at(10) });
    expect(await parcels(f.identifier)).toEqual(['GC1/generic/pkg-1/active', 'GC2/generic/pkg-2/active']);
    expect(await stored(f.identifier, 'globex')).toEqual({ company: 'globex', order_number: 'THEIRS', carrier_id: 'generic', source_at: at(20) });
    expect(await parcels(f.identifier, 'globex')).toEqual(['GX9/generic/null/active']);
  });

  it('retires the parcels a newer event no longer carries, and brings back one it carries again', async () => {
    const f = facts();
    await apply(f, at(0));
    expect(await apply({ ...f, parcels: [{ trackingNumber: 'GC2', reference: 'renamed' }, { trackingNumber: 'GC3', reference: null }] }, at(1))).toBe(true);
    expect(await parcels(f.identifier)).toEqual(['GC1/generic/pkg-1/retired', 'GC2/generic/renamed/active', 'GC3/generic/null/active']);
    await apply(f, at(2));
    expect(await parcels(f.identifier)).toEqual(['GC1/generic/pkg-1/active', 'GC2/generic/pkg-2/active', 'GC3/generic/null/retired']);
  });

  it('retires every parcel when the consignment is unallocated, and moves them with a new carrier', async () => {
    const f = facts();
    await apply(f, at(0));
    await apply({ ...f, carrierId: null, carrierName: null, serviceId: null, consignmentNumber: null }, at(1));
    expect(await parcels(f.identifier)).toEqual(['GC1/generic/pkg-1/retired', 'GC2/generic/pkg-2/retired']);
    await apply({ ...f, carrierId: 'swiftpost', parcels: [{ trackingNumber: 'GC1', reference: 'pkg-1' }] }, at(2));
    expect(await parcels(f.identifier)).toEqual(['GC1/swiftpost/pkg-1/active', 'GC2/generic/pkg-2/retired']);
  });

  it('applies an event of the same instant again (a redelivery after the inbox was cleared)', async () => {
    const f = facts();
    await apply(f, at(0));
    expect(await apply({ ...f, orderNumber: 'SAME-TIME' }, at(0))).toBe(true);
    expect((await stored(f.identifier))?.order_number).toBe('SAME-TIME');
  });

  it('applies a batch of events with the same outcome as one by one, in order for each consignment', async () => {
    const page = { cancelled: false, serviceName: 'GDOM', packageCount: 2, expectedDeliveryDate: null, destination: { town: 'Leeds', district: 'LS1', country: 'GB', timeZone: 'Europe/London' } };
    const batch = (): FactsAt[] => {
      const [a, b, c] = [facts(), facts({ carrierId: null, parcels: [] }), facts({ page })];
      const unallocated = { ...a, carrierId: null, carrierName: null, serviceId: null, consignmentNumber: null };
      return [
        { facts: a, occurredAt: at(0) }, { facts: b, occurredAt: at(0) }, { facts: unallocated, occurredAt: at(1) },
        { facts: { ...b, orderNumber: 'OLDER' }, occurredAt: at(-1) }, { facts: c, occurredAt: at(3) },
        { facts: { ...c, company: 'globex', orderNumber: 'THEIRS' }, occurredAt: at(4) },
        { facts: { ...a, carrierId: 'swiftpost', parcels: [{ trackingNumber: 'GC1', reference: 'pkg-1' }] }, occurredAt: at(2) },
        { facts: { ...c, orderNumber: 'NEWER', page: { ...page, cancelled: true } }, occurredAt: at(5) },
      ];
    };
    const state = async (items: FactsAt[]) => Promise.all([...new Set(items.map((i) => i.facts.identifier))].map(async (id) => ({
      stored: await database.db.selectFrom('tracked_consignments').select(['company', 'order_number', 'carrier_id', 'source_at', 'cancelled', 'destination_town'])
        .where('company', '=', 'acme').where('identifier', '=', id).executeTakeFirst(),
      parcels: await parcels(id),
    })));
    const oneByOne = batch();
    const outcomesOneByOne: boolean[] = [];
    for (const item of oneByOne) outcomesOneByOne.push(await apply(item.facts, item.occurredAt));
    const together = batch();
    const outcomesTogether = await database.db.transaction().execute((trx) => applyManyConsignmentFacts(trx, together));

    expect(outcomesTogether).toEqual(outcomesOneByOne);
    expect(outcomesTogether).toEqual([true, true, true, false, true, true, true, true]);
    expect(await state(together)).toEqual(await state(oneByOne));
    expect((await state(together))[2].stored).toEqual({ company: 'acme', order_number: 'NEWER', carrier_id: 'generic', source_at: at(5), cancelled: true, destination_town: 'Leeds' });
  });
});
