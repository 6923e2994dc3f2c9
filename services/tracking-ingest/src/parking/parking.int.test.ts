import { metricsRegistry } from '@waybill/telemetry';
import type { EventEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { newIdentifier, startIngestHarness, trackingNumber, type IngestHarness, type TestConsignment } from '../test-support';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const at = (h: number) => `2026-11-22T${String(h).padStart(2, '0')}:00:00Z`;
const pushed = (tracking_number: string, ...events: Array<Record<string, unknown>>) => ({ trackings: [{ tracking_number, events }] });

async function counter(name: string): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values ?? []).reduce((sum, v) => sum + Number(v.value), 0);
}

/** docs/api/tracking.md: no pushed event is lost because it arrived before the allocation that issued its number. */
describe('parked events of tracking numbers not known yet (integration)', () => {
  let h: IngestHarness;
  beforeAll(async () => { h = await startIngestHarness({ parkingSweepMs: 100 }); });
  afterAll(async () => h?.close());

  const consignmentWith = (numbers: string[], company = 'acme'): TestConsignment => ({
    company, identifier: newIdentifier(), order_number: `ORD-${numbers[0]}`, service_id: GDOM, consignment_number: `GCN${numbers[0]}`,
    packages: numbers.map((n, i) => ({ tracking_number: n, reference: `pkg-${i + 1}` })),
  });
  const ofType = (type: string, id: string) => h.events.filter((e) => e.type === type && JSON.stringify(e.data).includes(id));

  it('keeps a push that beat the allocation, and applies it in carrier time order once the held consumer takes the allocation', async () => {
    const [n1, n2] = [trackingNumber(), trackingNumber()];
    const c = consignmentWith([n1, n2]);
    h.hold();
    const allocation = await h.allocate(c);
    const first = await h.push('generic', pushed(n1, { status: 'DELIVERED', timestamp: at(12), carrier_code: 'DEL', location: 'Leeds' }, { status: 'IN_TRANSIT', timestamp: at(9) }));
    const second = await h.push('generic', { trackings: [{ tracking_number: n2, events: [{ status: 'OUT_FOR_DELIVERY', timestamp: at(8) }] }, { tracking_number: n1, events: [{ status: 'EXCEPTION', timestamp: at(10) }] }] });
    expect(first.body).toEqual({ accepted: 2, duplicates: 0, unknown: [n1] });
    expect(second.body).toEqual({ accepted: 2, duplicates: 0, unknown: [n2, n1] });
    // A repeat while parked is a duplicate, as for stored events.
    expect((await h.push('generic', pushed(n1, { status: 'IN_TRANSIT', timestamp: at(9) }))).body).toEqual({ accepted: 0, duplicates: 1, unknown: [n1] });
    expect(await h.consumed(allocation.id)).toBe(false);
    expect(ofType('tracking.tracking.updated', c.identifier)).toEqual([]);

    const appliedBefore = await counter('waybill_tracking_parked_applied_total');
    h.release();
    const update = await eventually(() => ofType('tracking.tracking.updated', c.identifier)[0], { what: 'tracking update of the parked events' });
    expect((update.data as any).trackings.map((t: any) => [t.tracking_number, t.events.map((e: any) => `${e.status}@${e.timestamp.slice(11, 13)}`)])).toEqual([
      [n1, ['IN_TRANSIT@09', 'EXCEPTION@10', 'DELIVERED@12']],
      [n2, ['OUT_FOR_DELIVERY@08']],
    ]);
    expect(update.company).toBe('acme');
    // The newest event of n1 by carrier time is DELIVERED, n2 is out for delivery: Despatched, not Exception.
    const progressed = await eventually(() => ofType('tracking.consignment.progressed', c.identifier)[0], { what: 'progress' });
    expect((progressed.data as any).status).toBe('Despatched');
    expect(await counter('waybill_tracking_parked_applied_total') - appliedBefore).toBe(4);
    // Proof of delivery is fetched for the delivered package, as for any delivery.
    await eventually(() => ofType('tracking.pod.retrieved', c.identifier).length === 1, { what: 'proof of delivery' });

    // Replaying a parked push after it was applied: a duplicate, the number known.
    expect((await h.push('generic', pushed(n1, { status: 'DELIVERED', timestamp: at(12), carrier_code: 'DEL', location: 'Leeds' }))).body)
      .toEqual({ accepted: 0, duplicates: 1, unknown: [] });
    const late = await h.push('generic', pushed(n2, { status: 'DELIVERED', timestamp: at(13) }));
    expect(late.body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    await eventually(() => ofType('tracking.consignment.progressed', c.identifier).length === 2, { what: 'delivered' });
    expect(ofType('tracking.tracking.updated', c.identifier)).toHaveLength(2);
  });

  const allocated = async (c: TestConsignment, type?: string) => {
    const event = await h.allocate(c, type);
    await eventually(() => h.consumed(event.id), { what: 'allocation consumed' });
  };

  it('applies parked events to the consignment of the carrier that gets the number, and only once', async () => {
    const n = trackingNumber();
    expect((await h.push('generic', pushed(n, { status: 'IN_TRANSIT', timestamp: at(9) }))).body.unknown).toEqual([n]);
    // Another carrier's consignment with the same number does not take it.
    const other = { ...consignmentWith([n], 'beta-co'), service_id: 'SwiftPost|SwiftPost 24' };
    const mine = consignmentWith([n]);
    await allocated(other);
    await allocated(mine);
    await eventually(() => ofType('tracking.tracking.updated', mine.identifier).length === 1, { what: 'update' });
    // The same consignment announced again (an update) finds nothing left in parking.
    await allocated(mine, 'consignment.consignment.updated');
    expect(ofType('tracking.tracking.updated', mine.identifier)).toHaveLength(1);
    expect(ofType('tracking.tracking.updated', other.identifier)).toHaveLength(0);
  });

  it('drops the events of a number no consignment got within 30 days of its last event, counting them', async () => {
    const [alive, dead] = [trackingNumber('ZA'), trackingNumber('ZD')];
    expect((await h.push('generic', { trackings: [{ tracking_number: alive, events: [{ status: 'INFO_RECEIVED', timestamp: at(9) }] }, { tracking_number: dead, events: [{ status: 'IN_TRANSIT', timestamp: at(9) }] }] })).body)
      .toEqual({ accepted: 2, duplicates: 0, unknown: [alive, dead] });
    expect(await counter('waybill_tracking_parked_numbers')).toBe(2);
    expect(await counter('waybill_tracking_parked_events')).toBe(2);
    const expiredBefore = await counter('waybill_tracking_parked_expired_total');
    // 29 days on, a new event for one number keeps all of its events another 30 days.
    h.clock.now = new Date(h.clock.now.getTime() + 29 * 86_400_000);
    await h.push('generic', pushed(alive, { status: 'IN_TRANSIT', timestamp: new Date(h.clock.now.getTime() - 3_600_000).toISOString() }));
    h.clock.now = new Date(h.clock.now.getTime() + 2 * 86_400_000);
    await eventually(async () => (await counter('waybill_tracking_parked_expired_total')) - expiredBefore === 1, { what: 'the unmatched event expired' });
    expect([await counter('waybill_tracking_parked_numbers'), await counter('waybill_tracking_parked_events')]).toEqual([1, 2]);
    // The live number's consignment gets both its events; the expired one's gets nothing.
    const [a, d] = [consignmentWith([alive]), consignmentWith([dead])];
    await allocated(a);
    await allocated(d);
    const update = await eventually(() => ofType('tracking.tracking.updated', a.identifier)[0], { what: 'update of the live number' });
    expect((update.data as any).trackings[0].events.map((e: any) => e.status)).toEqual(['INFO_RECEIVED', 'IN_TRANSIT']);
    expect(ofType('tracking.tracking.updated', d.identifier)).toEqual([]);
    expect(await counter('waybill_tracking_parked_numbers')).toBe(0);
  });

  it('projects allocations delivered together in shared transactions, applying each consignment\'s parked events once', async () => {
    const [n1, n2] = [trackingNumber(), trackingNumber()];
    expect((await h.push('generic', pushed(n1, { status: 'IN_TRANSIT', timestamp: at(9) }))).body.unknown).toEqual([n1]);
    expect((await h.push('generic', pushed(n2, { status: 'OUT_FOR_DELIVERY', timestamp: at(10) }))).body.unknown).toEqual([n2]);
    const withParked = [consignmentWith([n1]), consignmentWith([n2])];
    const others = Array.from({ length: 10 }, () => consignmentWith([trackingNumber()]));
    h.hold();
    const events: EventEnvelope[] = [];
    for (const c of [others[0], withParked[0], ...others.slice(1, 6), withParked[1], ...others.slice(6)]) events.push(await h.allocate(c));
    // The same event delivered twice (a relay republishing after a crash) has one effect.
    await h.bus.publish(events[1]);
    h.release();

    await eventually(async () => (await Promise.all(events.map((e) => h.consumed(e.id)))).every(Boolean), { what: 'every allocation consumed' });
    for (const [c, n, status] of [[withParked[0], n1, 'IN_TRANSIT@09'], [withParked[1], n2, 'OUT_FOR_DELIVERY@10']] as const) {
      const update = await eventually(() => ofType('tracking.tracking.updated', c.identifier)[0], { what: `update of ${n}` });
      expect((update.data as any).trackings.map((t: any) => [t.tracking_number, t.events.map((e: any) => `${e.status}@${e.timestamp.slice(11, 13)}`)]))
        .toEqual([[n, [status]]]);
    }
    const all = [...withParked, ...others].map((c) => c.identifier);
    const projected = await h.query<{ identifier: string; order_number: string }>(
      'select identifier, order_number from tracking.tracked_consignments where identifier = any($1)', [all]);
    expect(projected.map((r) => r.identifier).sort()).toEqual([...all].sort());
    // Delivered together, they were applied in fewer transactions than events (the inbox rows of one share its start time).
    const [{ n }] = await h.query<{ n: number }>('select count(distinct processed_at)::int as n from tracking.inbox where event_id = any($1::uuid[])', [events.map((e) => e.id)]);
    expect(n).toBeLessThan(events.length);
    await new Promise((r) => setImmediate(r));
    expect(ofType('tracking.tracking.updated', withParked[0].identifier)).toHaveLength(1);
  });
});
