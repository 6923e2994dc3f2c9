import { DHL_EVENT_TABLE } from '@waybill/carriers';
import { doubleStaysClean } from '../expect-carrier';
import { booking } from '../bookings';
import { dhlFixture } from './dhl.fixture';

let f: Awaited<ReturnType<typeof dhlFixture>>;
beforeAll(async () => { f = await dhlFixture(); });
afterAll(() => f.stop());
doubleStaysClean(() => f.double);

describe('DHL Express tracking', () => {
  it('polls many numbers a call (shipments and pieces), checkpoint codes mapped by the documented table', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('DHL Express Domestic'));
    f.double.addEvent(b.consignmentNumber, { typeCode: 'PU', description: 'Shipment picked up', at: new Date('2030-01-02T16:00:00Z') });
    f.double.addEvent(b.consignmentNumber, { typeCode: 'WC', description: 'With delivery courier', at: new Date('2030-01-03T07:30:00Z'), location: 'London-GB' });
    const before = f.double.count('track');
    const polled = await carrier.pollTracking!([b.consignmentNumber, ...b.trackingNumbers]);
    expect(f.double.count('track') - before).toBe(1);
    expect(polled.map((t) => t.tracking_number)).toEqual([b.consignmentNumber, ...b.trackingNumbers]);
    expect(polled[1].events.slice(-2)).toEqual([
      { carrier_code: 'PU', status: 'IN_TRANSIT', description: 'Shipment picked up', timestamp: '2030-01-02T16:00:00+00:00', location: 'London-Heathrow-GB' },
      { carrier_code: 'WC', status: 'OUT_FOR_DELIVERY', description: 'With delivery courier', timestamp: '2030-01-03T07:30:00+00:00', location: 'London-GB' },
    ]);
    expect(carrier.pollBatchSize).toBe(10);
    expect(await carrier.pollTracking!(['1234567890'])).toEqual([]);
  });

  it('maps failed deliveries, returns and exceptions apart', () => {
    const status = (code: string) => DHL_EVENT_TABLE.find((r) => r.code === code)?.status;
    expect([status('NH'), status('RT'), status('CD'), status('OK'), status('SA')]).toEqual(['DELIVERY_FAILED', 'RETURNED', 'EXCEPTION', 'DELIVERED', 'INFO_RECEIVED']);
  });

  it("retrieves DHL's electronic proof of delivery once delivered", async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('DHL Express Domestic'));
    expect(await carrier.proofOfDelivery({ trackingNumber: b.trackingNumbers[0], consignmentNumber: b.consignmentNumber })).toEqual([]);
    f.double.addEvent(b.consignmentNumber, { typeCode: 'OK', description: 'Delivered', at: new Date(), signedBy: 'J SMITH' });
    const docs = await carrier.proofOfDelivery({ trackingNumber: b.trackingNumbers[0], consignmentNumber: b.consignmentNumber });
    expect(docs.map((d) => [d.file_type, d.proof_of_delivery_type])).toEqual([['application/pdf', 'signature']]);
    expect(docs[0].bytes.toString('latin1')).toContain('Signed by J SMITH');
  });

  it('a DHL tracking outage is retried (tracking is safe to repeat)', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('DHL Express Domestic'));
    f.double.inject({ operation: 'track', kind: 'error', status: 503 });
    expect((await carrier.pollTracking!([b.consignmentNumber]))[0].tracking_number).toBe(b.consignmentNumber);
  });
});
