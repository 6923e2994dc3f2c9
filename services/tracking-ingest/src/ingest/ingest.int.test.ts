import { validateEvent } from '@waybill/contracts';
import { eventually } from '@waybill/testing';
import { CARRIER_SECRET, newIdentifier, sign, startIngestHarness, trackingNumber, type IngestHarness, type TestConsignment } from '../test-support';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const at = (h: number, m = 0) => `2026-11-22T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`;

describe('tracking ingest (integration)', () => {
  let h: IngestHarness;
  beforeAll(async () => { h = await startIngestHarness(); });
  afterAll(async () => h?.close());

  /** A consignment allocated to a carrier, once the service's projection knows its numbers. */
  async function consignment(o: Partial<TestConsignment> & { numbers?: string[]; carrier?: string } = {}): Promise<TestConsignment> {
    const numbers = o.numbers ?? [trackingNumber(), trackingNumber()];
    const c: TestConsignment = {
      company: o.company ?? 'acme', identifier: o.identifier ?? newIdentifier(), order_number: `ORD-${numbers[0]}`, service_id: o.service_id ?? GDOM,
      consignment_number: `GCN${numbers[0]}`, packages: numbers.map((n, i) => ({ tracking_number: n, reference: `pkg-${i + 1}` })),
    };
    await h.allocate(c);
    await eventually(async () => (await h.push(o.carrier ?? 'generic', { trackings: [{ tracking_number: numbers[0], events: [] }] })).body.unknown.length === 0, { what: 'projection' });
    return c;
  }
  const event = (status: string | null, timestamp: string, extra: Record<string, unknown> = {}) => ({ ...(status ? { status } : {}), timestamp, ...extra });
  const pushed = (tracking_number: string, ...events: Record<string, unknown>[]) => ({ tracking_number, events });
  const ofType = (type: string) => h.events.filter((e) => e.type === type);
  const updatesOf = (id: string) => ofType('tracking.tracking.updated').filter((e) => (e.data as any).trackings.some((t: any) => t.consignment_identifier === id));
  const progressOf = (id: string) => ofType('tracking.consignment.progressed').filter((e) => (e.data as { consignment_identifier: string }).consignment_identifier === id)
    .map((e) => (e.data as { status: string }).status);

  describe('signature', () => {
    const body = JSON.stringify({ trackings: [] });
    const now = () => Math.floor(h.clock.now.getTime() / 1000);

    it('accepts a push signed with the carrier secret over the exact bytes', async () => {
      const res = await h.push('generic', undefined, { raw: body, signature: sign(CARRIER_SECRET, now(), body) });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: 0, duplicates: 0, unknown: [] });
    });

    it.each([
      ['a wrong secret', () => sign('not-the-secret', now(), body), /Invalid signature/],
      ['a signature of other bytes', () => sign(CARRIER_SECRET, now(), `${body} `), /Invalid signature/],
      ['a timestamp over 5 minutes old', () => sign(CARRIER_SECRET, now() - 301, body), /5 minutes/],
      ['a timestamp over 5 minutes ahead', () => sign(CARRIER_SECRET, now() + 301, body), /5 minutes/],
      ['no signature', () => '', /Missing x-waybill-signature/],
    ])('answers 401 with WWW-Authenticate for %s', async (_name, signature, detail) => {
      const res = await h.push('generic', undefined, { raw: body, signature: signature() });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(detail);
      expect(res.headers.get('www-authenticate')).toMatch(/^Signature /);
    });

    it('answers 401 for an unknown carrier, and 403 for a token issued for another carrier', async () => {
      const unknown = await h.push('acme-express', { trackings: [] });
      expect(unknown.status).toBe(401);
      expect(unknown.body.detail).toBe('Unknown carrier "acme-express".');
      expect((await h.push('Generic Carrier', { trackings: [] })).status).toBe(401);
      expect((await h.push('generic', { trackings: [] }, { principal: 'carrier:globex' })).status).toBe(403);
    });
  });

  it('keeps two companies\' consignments with the same (client-chosen) identifier apart: each gets its own updates and progress', async () => {
    const own = `AWB-${trackingNumber()}`;
    const a = await consignment({ company: 'acme', identifier: own, numbers: [trackingNumber()] });
    const b = await consignment({ company: 'beta-co', identifier: own, numbers: [trackingNumber()] });
    const [a1, b1] = [a.packages[0].tracking_number!, b.packages[0].tracking_number!];
    const res = await h.push('generic', { trackings: [pushed(a1, event('IN_TRANSIT', at(9))), pushed(b1, event('DELIVERED', at(10)))] });
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, unknown: [] });
    const byCompany = (company: string) => updatesOf(own).filter((e) => e.company === company)
      .flatMap((e) => (e.data as { trackings: Array<{ tracking_number: string; events: Array<{ status: string }> }> }).trackings)
      .map((t) => `${t.tracking_number}:${t.events.map((x) => x.status).join(',')}`);
    const progress = (company: string) => ofType('tracking.consignment.progressed')
      .filter((e) => e.company === company && (e.data as { consignment_identifier: string }).consignment_identifier === own).map((e) => (e.data as { status: string }).status);
    await eventually(() => byCompany('acme').length + byCompany('beta-co').length === 2 && progress('acme').length + progress('beta-co').length === 2, { what: 'updates and progress' });
    expect(byCompany('acme')).toEqual([`${a1}:IN_TRANSIT`]);
    expect(byCompany('beta-co')).toEqual([`${b1}:DELIVERED`]);
    expect(progress('acme')).toEqual(['Despatched']);
    expect(progress('beta-co')).toEqual(['Delivered']);
  });

  it('refuses more than 1,000 trackings, and bad JSON, with 400 and nothing stored', async () => {
    const c = await consignment();
    const many = { trackings: Array.from({ length: 1001 }, (_, i) => pushed(i === 0 ? c.packages[0].tracking_number! : `GC${i}`, event('IN_TRANSIT', at(9)))) };
    const res = await h.push('generic', many);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^trackings: .*1000/);
    expect((await h.push('generic', undefined, { raw: '{"trackings": [' })).status).toBe(400);
    const again = await h.push('generic', { trackings: [pushed(c.packages[0].tracking_number!, event('IN_TRANSIT', at(9)))] });
    expect(again.body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
  });

  it('stores each event once, reports unknown numbers, and announces only new events per company', async () => {
    const a = await consignment({ company: 'acme' });
    const b = await consignment({ company: 'beta-co', numbers: [trackingNumber()] });
    const [a1, a2] = a.packages.map((p) => p.tracking_number!);
    const b1 = b.packages[0].tracking_number!;
    const first = await h.push('generic', { trackings: [
      pushed(a1, event('in transit', at(9), { carrier_code: 'HUB', description: 'At hub', location: 'Leeds' }), event('Out For Delivery', at(8))),
      pushed('GC-NOT-OURS', event('IN_TRANSIT', at(9))),
      pushed(b1, event(null, at(9, 30), { carrier_code: 'COL' })),
    ] });
    expect(first.body).toEqual({ accepted: 4, duplicates: 0, unknown: ['GC-NOT-OURS'] });
    const acme = await eventually(() => updatesOf(a.identifier)[0], { what: 'acme update' });
    const beta = await eventually(() => updatesOf(b.identifier)[0], { what: 'beta update' });
    expect([acme.company, beta.company]).toEqual(['acme', 'beta-co']);
    expect(validateEvent(acme)).toEqual({ ok: true });
    expect(acme.data).toEqual({
      carrier_slug: 'generic',
      trackings: [{
        tracking_number: a1, consignment_identifier: a.identifier, consignment_number: a.consignment_number, order_number: a.order_number,
        id: expect.any(Number), carrier: 'Generic Carrier',
        events: [
          { status: 'OUT_FOR_DELIVERY', timestamp: '2026-11-22T08:00:00' },
          { status: 'IN_TRANSIT', timestamp: '2026-11-22T09:00:00', carrier_code: 'HUB', description: 'At hub', location: 'Leeds' },
        ],
      }],
    });
    expect((beta.data as any).trackings.map((t: any) => [t.tracking_number, t.events])).toEqual([[b1, [{ status: 'IN_TRANSIT', timestamp: '2026-11-22T09:30:00', carrier_code: 'COL' }]]]);

    const second = await h.push('generic', { trackings: [pushed(a1, event('IN_TRANSIT', at(9), { carrier_code: 'HUB' }), event('DELIVERED', at(11))), pushed(a2, event('IN_TRANSIT', at(9), { carrier_code: 'HUB' }))] });
    expect(second.body).toEqual({ accepted: 2, duplicates: 1, unknown: [] });
    const updates = await eventually(() => updatesOf(a.identifier).length === 2 && updatesOf(a.identifier), { what: 'second update' });
    expect((updates[1].data as any).trackings.map((t: any) => [t.tracking_number, t.events.map((e: any) => e.status)])).toEqual([[a1, ['DELIVERED']], [a2, ['IN_TRANSIT']]]);
    expect((await h.push('generic', { trackings: [pushed(a2, event('IN_TRANSIT', at(9), { carrier_code: 'HUB' }))] })).body).toEqual({ accepted: 0, duplicates: 1, unknown: [] });
  });

  it('progresses the consignment from the latest event by carrier time, whatever order they arrive in', async () => {
    const c = await consignment();
    const [p1, p2] = c.packages.map((p) => p.tracking_number!);
    await h.push('generic', { trackings: [pushed(p1, event('IN_TRANSIT', at(9)))] });
    await eventually(() => progressOf(c.identifier).length === 1, { what: 'despatched' });
    await h.push('generic', { trackings: [pushed(p1, event('DELIVERED', at(12))), pushed(p2, event('DELIVERY_FAILED', at(11)))] });
    await eventually(() => progressOf(c.identifier).length === 2, { what: 'exception' });
    await h.push('generic', { trackings: [pushed(p2, event('DELIVERED', at(13)))] });
    await eventually(() => progressOf(c.identifier).length === 3, { what: 'delivered' });
    // Late, older events: the latest of each parcel is still DELIVERED, so nothing is announced.
    const late = await h.push('generic', { trackings: [pushed(p1, event('EXCEPTION', at(10))), pushed(p2, event('OUT_FOR_DELIVERY', at(10)))] });
    expect(late.body.accepted).toBe(2);
    await eventually(() => updatesOf(c.identifier).length === 4, { what: 'late update' });
    expect(progressOf(c.identifier)).toEqual(['Despatched', 'Exception', 'Delivered']);
    const last = ofType('tracking.consignment.progressed').filter((e) => (e.data as any).consignment_identifier === c.identifier).pop()!;
    expect(last.data).toEqual({ consignment_identifier: c.identifier, status: 'Delivered', occurred_at: '2026-11-22T13:00:00.000Z' });
  });

  it("reads a carrier's native format with its own codes", async () => {
    const awb = trackingNumber('1ZAB');
    const c = await consignment({ numbers: [awb], service_id: 'Globex Worldwide|Globex Express Worldwide', carrier: 'globex' });
    const res = await h.push('globex', { shipments: [{ awb, checkpoints: [{ code: 'PU', time: '2026-11-22T08:00:00+01:00', place: 'LONDON GB' }] }] });
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    const update = await eventually(() => updatesOf(c.identifier)[0], { what: 'globex update' });
    expect((update.data as any).trackings[0]).toMatchObject({ tracking_number: awb, carrier: 'Globex Worldwide', events: [{ status: 'IN_TRANSIT', carrier_code: 'PU', timestamp: '2026-11-22T07:00:00', location: 'LONDON GB' }] });
    await eventually(() => progressOf(c.identifier)[0] === 'Despatched', { what: 'despatched' });
  });

  it('follows the consignment: numbers of a re-allocation replace the old ones, and late consignment events change nothing', async () => {
    const c = await consignment();
    const old = c.packages[0].tracking_number!;
    const fresh = trackingNumber();
    const reallocated = { ...c, packages: [{ tracking_number: fresh }] };
    const later = await h.allocate(reallocated, 'consignment.consignment.updated');
    await eventually(async () => (await h.push('generic', { trackings: [pushed(fresh, event('IN_TRANSIT', at(9)))] })).body.accepted === 1, { what: 'new number known' });
    expect((await h.push('generic', { trackings: [pushed(old, event('IN_TRANSIT', at(9)))] })).body.unknown).toEqual([old]);
    // The first allocation, redelivered after the update, is older and is skipped.
    const stale = { ...c, packages: [{ tracking_number: old }] };
    const redelivered = { id: crypto.randomUUID(), type: 'consignment.consignment.allocated', company: 'acme', occurred_at: new Date(Date.parse(later.occurred_at) - 1000).toISOString(), data: { consignment: stale } };
    await h.bus.publish(redelivered);
    await eventually(() => h.consumed(redelivered.id), { what: 'redelivered allocation consumed' });
    expect((await h.push('generic', { trackings: [pushed(old, event('IN_TRANSIT', at(10)))] })).body.unknown).toEqual([old]);
  });
});
