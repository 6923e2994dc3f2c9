import Ajv from 'ajv';
import { TrackingPushError, upsSchemas, UPS_STATUS_TABLE } from '@waybill/carriers';
import { trackAlertEvent } from '@waybill/carrier-doubles';
import { booking } from '../bookings';
import { upsFixture } from './ups.fixture';

let f: Awaited<ReturnType<typeof upsFixture>>;
beforeAll(async () => { f = await upsFixture(); });
afterAll(() => f.stop());
afterEach(() => expect(f.double.violations).toEqual([]));

const at = (iso: string) => new Date(iso);

describe('UPS tracking', () => {
  it('polls the Tracking API: events oldest first, UPS activity types mapped to Waybill statuses', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    const n = b.trackingNumbers[0];
    f.double.addActivity(n, { type: 'I', code: 'AR', description: 'Arrived at Facility', at: at('2030-01-02T08:00:00Z'), city: 'Leeds', country: 'GB' });
    f.double.addActivity(n, { type: 'I', code: 'OT', description: 'Out For Delivery Today', at: at('2030-01-03T07:00:00Z') });
    f.double.addActivity(n, { type: 'D', code: 'FS', description: 'Delivered', at: at('2030-01-03T12:30:00Z') });
    const [tracking] = await carrier.pollTracking!([n]);
    expect(tracking.tracking_number).toBe(n);
    expect(tracking.events.map((e) => [e.status, e.carrier_code])).toEqual([
      ['INFO_RECEIVED', 'M:MP'], ['IN_TRANSIT', 'I:AR'], ['OUT_FOR_DELIVERY', 'I:OT'], ['DELIVERED', 'D:FS'],
    ]);
    expect(tracking.events[1]).toMatchObject({ timestamp: '2030-01-02T08:00:00Z', location: 'Leeds, GB', description: 'Arrived at Facility' });
  });

  it('leaves out numbers UPS does not know', async () => {
    expect(await f.carrier().pollTracking!(['1ZA1B2C31100000000'])).toEqual([]);
  });

  it('subscribes booked numbers to Track Alert v2 and lists those UPS refused', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    const result = await carrier.subscribeTracking!([...b.trackingNumbers, '1ZA1B2C31100000000']);
    expect(result).toEqual({ subscribed: b.trackingNumbers, refused: ['1ZA1B2C31100000000'] });
    expect(f.double.lastBodies.get('subscribe')).toEqual({ locale: 'en_US', trackingNumberList: [...b.trackingNumbers, '1ZA1B2C31100000000'] });
  });

  it('reads Track Alert pushes (the published examples), and leaves other bodies to the generic reader', () => {
    const carrier = f.carrier();
    const out = trackAlertEvent('1Z204W4R0308071865', 'I', 'OT', 'Out for Delivery', at('2024-04-23T13:15:19Z'), { activityLocation: { city: 'Charlotte', stateProvince: 'NC', postalCode: '30004', country: 'US' } });
    const delivered = trackAlertEvent('1Z204W4R0308071865', 'D', 'FS', 'Delivered', at('2024-04-23T13:50:04Z'), { receivedBy: 'John' });
    const ajv = new Ajv({ strict: false });
    expect(ajv.validate(upsSchemas.trackAlertEventSchema, out)).toBe(true);
    expect(carrier.parseTrackingPush(out)).toEqual({ trackings: [{ tracking_number: '1Z204W4R0308071865', events: [{
      carrier_code: 'I:OT', status: 'OUT_FOR_DELIVERY', description: 'Out for Delivery', timestamp: '2024-04-23T13:15:19Z', location: 'Charlotte, NC, 30004, US',
    }] }] });
    expect(carrier.parseTrackingPush(delivered)?.trackings[0].events[0].status).toBe('DELIVERED');
    expect(carrier.parseTrackingPush({ trackings: [] })).toBeNull();
    expect(() => carrier.parseTrackingPush({ trackingNumber: 'nope', activityStatus: {} })).toThrow(TrackingPushError);
    const voided = trackAlertEvent('1Z204W4R0308071865', 'MV', 'MV', 'Voided', at('2024-04-23T13:50:04Z'));
    expect(carrier.parseTrackingPush(voided)).toEqual({ trackings: [{ tracking_number: '1Z204W4R0308071865', events: [] }] });
  });

  it('maps every documented activity type, with delivery attempts and returns told apart from other exceptions', () => {
    const carrier = f.carrier();
    const status = (type: string, code: string, description: string) =>
      carrier.parseTrackingPush(trackAlertEvent('1Z204W4R0308071865', type, code, description, at('2024-04-23T13:50:04Z')))?.trackings[0].events[0]?.status;
    expect(status('M', 'MP', 'Label created')).toBe('INFO_RECEIVED');
    expect(status('X', 'X1', 'The receiver was not available for delivery. A second attempt will be made')).toBe('DELIVERY_FAILED');
    expect(status('X', 'RS', 'Returned to the sender')).toBe('RETURNED');
    expect(status('X', 'X9', 'Weather delay')).toBe('EXCEPTION');
    expect(status('U', 'SD', 'Delivery date updated')).toBe('IN_TRANSIT');
    expect(new Set(UPS_STATUS_TABLE.map((r) => r.type))).toEqual(new Set(['M', 'MV', 'P', 'I', 'O', 'U', 'X', 'RS', 'D']));
  });

  it("retrieves proof of delivery: UPS's signature image, as PNG", async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    f.double.addActivity(b.trackingNumbers[0], { type: 'D', code: 'FS', description: 'Delivered', at: new Date() });
    const docs = await carrier.proofOfDelivery({ trackingNumber: b.trackingNumbers[0], consignmentNumber: b.consignmentNumber });
    expect(docs.map((d) => [d.file_type, d.proof_of_delivery_type, d.package_tracking_number])).toEqual([['image/png', 'signature', b.trackingNumbers[0]]]);
    expect(docs[0].bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await carrier.proofOfDelivery({ trackingNumber: b.trackingNumbers[1], consignmentNumber: b.consignmentNumber })).toEqual([]);
  });
});
