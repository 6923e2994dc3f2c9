import { pollCallsPerHour, pollInBatches, sandboxRegistry } from '@waybill/carriers';
import { metricsRegistry } from '@waybill/telemetry';
import { booking } from './bookings';
import { dhlFixture } from './dhl-express/dhl.fixture';
import { royalMailFixture } from './royalmail/royalmail.fixture';

/** The seam's polling round: each carrier asked in batches of its own size, failures kept for a later try. */
let rm: Awaited<ReturnType<typeof royalMailFixture>>;
let dhl: Awaited<ReturnType<typeof dhlFixture>>;
beforeAll(async () => { [rm, dhl] = await Promise.all([royalMailFixture(), dhlFixture()]); });
afterAll(async () => { await Promise.all([rm.stop(), dhl.stop()]); });

describe('polling in batches', () => {
  it("asks Royal Mail's tracking API 30 numbers a call and DHL 10, the events in the same shape", async () => {
    const rmCarrier = rm.carrier();
    const b = await rmCarrier.book(booking('Royal Mail Tracked 24'));
    rm.double.addEvent(b.consignmentNumber, { code: 'EVKSP', name: 'Delivered', category: 'DELIVERED', at: new Date('2030-01-02T10:00:00Z') });
    const due = [b.consignmentNumber, ...Array.from({ length: 60 }, (_, i) => `TT${String(i).padStart(9, '0')}GB`)].map((trackingNumber) => ({ trackingNumber }));
    const round = await pollInBatches(rmCarrier, due);
    expect([round.calls, round.failed, round.trackings.map((t) => t.tracking_number)]).toEqual([3, [], [b.consignmentNumber]]);
    const d = await dhl.carrier().book(booking('DHL Express Domestic'));
    const dhlRound = await pollInBatches(dhl.carrier(), [d.consignmentNumber, ...d.trackingNumbers, ...Array.from({ length: 22 }, (_, i) => `${1000000000 + i}`)].map((trackingNumber) => ({ trackingNumber })));
    expect(dhlRound.calls).toBe(3);
    expect(dhlRound.trackings.map((t) => t.tracking_number)).toEqual([d.consignmentNumber, ...d.trackingNumbers]);
  });

  it('hands Royal Mail each number\'s order identifiers when it reads the despatch state', async () => {
    const carrier = rm.carrier({ tracking: false });
    const b = await carrier.book(booking('Royal Mail Tracked 48'));
    const round = await pollInBatches(carrier, b.trackingNumbers.map((trackingNumber) => ({ trackingNumber, carrierReference: b.carrierReference })));
    expect([round.calls, round.trackings.map((t) => t.events[0].carrier_code)]).toEqual([1, ['CD:LABEL', 'CD:LABEL']]);
  });

  it('a failed batch is reported for a later try, the others still polled, and counted in /metrics', async () => {
    const carrier = rm.carrier();
    rm.double.inject({ operation: 'track', kind: 'error', status: 401 });
    const due = Array.from({ length: 40 }, (_, i) => ({ trackingNumber: `TT${String(i).padStart(9, '0')}GB` }));
    const round = await pollInBatches(carrier, due);
    expect([round.calls, round.failed.length]).toEqual([2, 30]);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/waybill_carrier_tracking_polled_total\{carrier="royalmail"\} \d+/);
    expect(text).toMatch(/waybill_carrier_tracking_poll_errors_total\{carrier="royalmail"\} [1-9]/);
    expect(text).toMatch(/waybill_carrier_tracking_poll_events_total\{carrier="dhl_express"\} [1-9]/);
  });

  it('carriers that push are not polled; the cost of polling follows the batch size', async () => {
    const sandbox = sandboxRegistry().carriers[0];
    expect(await pollInBatches(sandbox, [{ trackingNumber: 'X' }])).toEqual({ trackings: [], failed: [], calls: 0 });
    expect(pollCallsPerHour(1000, 30, 2 * 3_600_000)).toBe(17);
    expect(pollCallsPerHour(1000, 10, 2 * 3_600_000)).toBe(50);
  });
});
