import { sandboxRegistry } from '@waybill/carriers';
import { InvalidError } from '@waybill/http';
import { readPush } from './push.reader';

const registry = sandboxRegistry();
const generic = registry.find('generic')!;
const globex = registry.find('globex')!;
const now = new Date('2026-11-22T12:00:00Z');
const push = (events: Record<string, unknown>[], tracking_number = 'GC000000000001') => ({ trackings: [{ tracking_number, events }] });

function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    if (err instanceof InvalidError) return err.errors;
    throw err;
  }
  throw new Error('expected a 400');
}

describe('readPush', () => {
  it('normalises statuses regardless of case, spaces and underscores', () => {
    const [t] = readPush(generic, push(['In Transit', 'out_for_delivery', 'DELIVERED', ' delivery failed ', 'Info_Received', 'returned', 'exception']
      .map((status, i) => ({ status, timestamp: `2026-11-22T0${i}:00:00` }))), now);
    expect(t.events.map((e) => e.status)).toEqual(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'INFO_RECEIVED', 'RETURNED', 'EXCEPTION']);
  });

  it("derives an absent status from the carrier's own code table, and prefers a status that is given", () => {
    const [t] = readPush(generic, push([
      { carrier_code: 'OFD', timestamp: '2026-11-22T09:00:00Z' },
      { carrier_code: 'del', timestamp: '2026-11-22T10:00:00Z' },
      { carrier_code: 'OFD', status: 'Delivered', timestamp: '2026-11-22T11:00:00Z' },
    ]), now);
    expect(t.events.map((e) => [e.status, e.carrierCode, e.dedupCode])).toEqual([
      ['OUT_FOR_DELIVERY', 'OFD', 'OFD'], ['DELIVERED', 'del', 'del'], ['DELIVERED', 'OFD', 'OFD'],
    ]);
  });

  it('reads timestamps without a zone as UTC and keeps zones that are given', () => {
    const [t] = readPush(generic, push([
      { status: 'IN_TRANSIT', timestamp: '2026-11-22T10:15:00' },
      { status: 'IN_TRANSIT', timestamp: '2026-11-22T10:15:00+01:00' },
    ]), now);
    expect(t.events.map((e) => e.occurredAt.toISOString())).toEqual(['2026-11-22T10:15:00.000Z', '2026-11-22T09:15:00.000Z']);
  });

  it('uses the status as the identity of an event without a carrier code', () => {
    const [t] = readPush(generic, push([{ status: 'in transit', carrier_code: '', timestamp: '2026-11-22T10:00:00Z' }]), now);
    expect(t.events[0]).toMatchObject({ carrierCode: null, dedupCode: 'status:IN_TRANSIT' });
  });

  it('cuts descriptions to 500 and locations to 255 characters', () => {
    const [t] = readPush(generic, push([{ status: 'IN_TRANSIT', timestamp: '2026-11-22T10:00:00Z', description: 'é'.repeat(600), location: 'x'.repeat(300) }]), now);
    expect(Array.from(t.events[0].description!)).toHaveLength(500);
    expect(t.events[0].location).toHaveLength(255);
  });

  it('refuses more than 1,000 trackings', () => {
    const many = { trackings: Array.from({ length: 1001 }, (_, i) => ({ tracking_number: `GC${i}`, events: [] })) };
    expect(Object.keys(errorsOf(() => readPush(generic, many, now)))).toEqual(['trackings']);
    const thousand = { trackings: many.trackings.slice(0, 1000) };
    expect(readPush(generic, thousand, now)).toHaveLength(1000);
  });

  it('names every bad field: unknown status, unknown code, no status at all, bad or far-future time, long numbers', () => {
    const errors = errorsOf(() => readPush(generic, {
      trackings: [
        { tracking_number: 'GC1', events: [{ status: 'Lost in space', timestamp: '2026-11-22T10:00:00Z' }, { carrier_code: 'ZZZ', timestamp: '2026-11-22T10:00:00Z' }, { timestamp: '2026-11-22T10:00:00Z' }, { status: 'DELIVERED', timestamp: '2026-11-24T10:00:00Z' }] },
      ],
    }, now));
    expect(errors).toEqual({
      'trackings.0.events.0.status': ['"Lost in space" is not a valid status.'],
      'trackings.0.events.1.carrier_code': ['"ZZZ" is not a code of Generic Carrier; send a status with it.'],
      'trackings.0.events.2.status': ['This field is required when carrier_code is absent.'],
      'trackings.0.events.3.timestamp': ['Timestamp is more than 24 hours in the future.'],
    });
    const schema = errorsOf(() => readPush(generic, { trackings: [{ tracking_number: 'X'.repeat(51), events: [{ timestamp: 'yesterday' }] }] }, now));
    expect(Object.keys(schema).sort()).toEqual(['trackings.0.events.0.timestamp', 'trackings.0.tracking_number']);
    expect(Object.keys(errorsOf(() => readPush(generic, { shipments: [] }, now)))).toEqual(['trackings']);
  });

  it("reads a carrier's native format, with the carrier's codes, at the same path", () => {
    const [t] = readPush(globex, { shipments: [{ awb: '1ZAB12345678901234', checkpoints: [{ code: 'WC', time: '2026-11-22T08:00:00Z', place: 'LEEDS' }, { code: 'OK', time: '2026-11-22T11:00:00Z' }] }] }, now);
    expect(t.trackingNumber).toBe('1ZAB12345678901234');
    expect(t.events.map((e) => [e.status, e.carrierCode, e.location])).toEqual([['OUT_FOR_DELIVERY', 'WC', 'LEEDS'], ['DELIVERED', 'OK', null]]);
    expect(readPush(globex, push([{ status: 'IN_TRANSIT', timestamp: '2026-11-22T10:00:00Z' }], '1Z1'), now)).toHaveLength(1);
    expect(Object.keys(errorsOf(() => readPush(globex, { shipments: [{ checkpoints: [] }] }, now)))).toEqual(['shipments.0.awb']);
  });
});
