import { RM_EVENT_TABLE, CarrierRejection } from '@waybill/carriers';
import { doubleStaysClean } from '../expect-carrier';
import { booking } from '../bookings';
import { royalMailFixture } from './royalmail.fixture';

let f: Awaited<ReturnType<typeof royalMailFixture>>;
beforeAll(async () => { f = await royalMailFixture(); });
afterAll(() => f.stop());
doubleStaysClean(() => f.double);

const at = (iso: string) => new Date(iso);

describe('Royal Mail tracking', () => {
  it("polls the tracking API's summary, 30 numbers a call, mapping event codes by the documented table", async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('Royal Mail Tracked 24'));
    const [one, two] = b.trackingNumbers;
    f.double.addEvent(one, { code: 'EVOAC', name: 'Item received at mail centre', at: at('2030-01-02T08:00:00Z'), location: 'Mount Pleasant MC', category: 'IN TRANSIT' });
    f.double.addEvent(two, { code: 'EVKSP', name: 'Delivered and signed for', at: at('2030-01-03T12:30:00Z'), location: 'London', category: 'DELIVERED' }, true);
    const before = f.double.count('track');
    const polled = await carrier.pollTracking!([one, two, 'TT000000000GB']);
    expect(f.double.count('track') - before).toBe(1);
    expect(polled).toEqual([
      { tracking_number: one, events: [{ carrier_code: 'EVOAC', status: 'IN_TRANSIT', description: 'Item received at mail centre', timestamp: '2030-01-02T08:00:00+00:00', location: 'Mount Pleasant MC' }] },
      { tracking_number: two, events: [{ carrier_code: 'EVKSP', status: 'DELIVERED', description: 'Delivered and signed for', timestamp: '2030-01-03T12:30:00+00:00', location: 'London' }] },
    ]);
    expect(carrier.pollBatchSize).toBe(30);
    const many = Array.from({ length: 61 }, (_, i) => `TT${String(i).padStart(9, '0')}GB`);
    const calls = f.double.count('track');
    await carrier.pollTracking!(many);
    expect(f.double.count('track') - calls).toBe(3);
  });

  it('maps unknown codes by their status category: returns, failed deliveries, exceptions', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('Royal Mail Tracked 48', { parcels: [{ weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }] }));
    f.double.addEvent(b.consignmentNumber, { code: 'EVZZZ', name: 'Returned to sender', at: at('2030-01-05T10:00:00Z'), category: 'RETURN TO SENDER' });
    expect((await carrier.pollTracking!([b.consignmentNumber]))[0].events[0].status).toBe('RETURNED');
    expect(new Set(RM_EVENT_TABLE.map((r) => r.status))).toEqual(new Set(['INFO_RECEIVED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERY_FAILED', 'EXCEPTION', 'DELIVERED']));
  });

  it("without tracking credentials, reads Click & Drop's despatch state of the orders", async () => {
    const carrier = f.carrier({ tracking: false });
    const b = await carrier.book(booking('Royal Mail Tracked 24'));
    f.double.despatch(b.trackingNumbers[1], at('2030-01-02T16:00:00Z'));
    const refs = Object.fromEntries(b.trackingNumbers.map((n) => [n, b.carrierReference]));
    const before = f.double.count('track');
    const polled = await carrier.pollTracking!(b.trackingNumbers, refs);
    expect(f.double.count('track') - before).toBe(1);
    expect(polled.map((t) => [t.tracking_number, t.events.map((e) => [e.carrier_code, e.status])])).toEqual([
      [b.trackingNumbers[0], [['CD:LABEL', 'INFO_RECEIVED']]],
      [b.trackingNumbers[1], [['CD:LABEL', 'INFO_RECEIVED'], ['CD:DESPATCHED', 'IN_TRANSIT']]],
    ]);
    expect(carrier.pollBatchSize).toBe(100);
  });

  it('wrong tracking credentials make the poll fail (the poller retries), never a silent empty answer', async () => {
    const carrier = f.carrier();
    f.double.state.accounts.get('rm-oba-key-0001')!.tracking!.clientSecret = 'rotated';
    await expect(carrier.pollTracking!(['TT000000000GB'])).rejects.toThrow(CarrierRejection);
    f.double.state.accounts.get('rm-oba-key-0001')!.tracking!.clientSecret = 'rm-track-secret-0001';
  });

  it('retrieves the signature of a signed-for item as proof of delivery (SVG)', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('Royal Mail Special Delivery Guaranteed by 1pm', { parcels: [{ weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }] }));
    f.double.addEvent(b.consignmentNumber, { code: 'EVKSP', name: 'Delivered and signed for', at: new Date(), category: 'DELIVERED' }, true);
    const docs = await carrier.proofOfDelivery({ trackingNumber: b.consignmentNumber, consignmentNumber: b.consignmentNumber });
    expect(docs.map((d) => [d.file_type, d.proof_of_delivery_type])).toEqual([['image/svg+xml', 'signature']]);
    expect(docs[0].bytes.toString('utf8')).toMatch(/^<svg /);
    expect(await f.carrier({ tracking: false }).proofOfDelivery({ trackingNumber: b.consignmentNumber, consignmentNumber: null })).toEqual([]);
  });
});

describe('Royal Mail manifests', () => {
  it("manifests every labelled order of the account, answers Royal Mail's PDF, and is idempotent per manifest", async () => {
    const carrier = f.carrier();
    const a = await carrier.book(booking('Royal Mail Tracked 24'));
    const b = await carrier.book(booking('Royal Mail Tracked 48'));
    const req = {
      company: 'demo-co', manifestId: 'm-1', origin: booking('x').origin, collectionDate: '2030-01-02',
      consignments: [{ consignmentNumber: a.consignmentNumber, trackingNumbers: a.trackingNumbers, destination: { postcode: 'SW1A 2AA', country: 'GB' }, parcelCount: 2, weightKg: 3.7 }],
    };
    const m = await carrier.manifest(req);
    expect(m.scope).toBe('account');
    expect(m.reference).toMatch(/^RM-\d+$/);
    expect(m.document?.toString('latin1')).toContain(b.consignmentNumber);
    expect(f.double.state.orderOfTracking(b.consignmentNumber)?.manifestedOn).toBeDefined();
    expect(await carrier.manifest(req)).toBe(m);
    expect((await carrier.manifest({ ...req, manifestId: 'm-2' }).catch((e) => e)).reason).toBe('Royal Mail NoEligibleOrders: There are no orders eligible to be manifested');
  });
});
