import { dhlPickupRequest, type PickupRequest } from '@waybill/carriers';
import { DhlExpressDouble } from './dhl.double';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The DHL Express double's pickups: Waybill's mapping passes its checks, what breaks the description does not. */
const account = { apiKey: 'pickup-key', apiSecret: 'pickup-secret', accountNumber: '987654321' };
let double: DhlExpressDouble;
let base: string;
beforeAll(async () => { double = new DhlExpressDouble([account]); base = await double.start(); });
afterAll(() => double.stop());
afterEach(() => { double.violations.length = 0; });

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: {
    authorization: `Basic ${Buffer.from(`${account.apiKey}:${account.apiSecret}`).toString('base64')}`, 'content-type': 'application/json',
    'message-reference': 'b'.repeat(36), 'x-version': '3.1.0',
  } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}
/** A weekday (or a Sunday) within DHL's ten days. */
function day(sunday: boolean): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  if (sunday) d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  else if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const request = (o: Partial<PickupRequest> = {}): PickupRequest => ({
  company: 'acme', collectionId: 'c'.repeat(32), date: day(false), readyTime: '12:00', closeTime: '17:30', parcels: 2, weightKg: 9, timeZone: 'Europe/Berlin',
  address: { company_name: 'Acme GmbH', name: 'Lager', address1: 'Lagerstrasse 1', city: 'Berlin', postcode: '10115', country: 'DE' },
  contact: { phone: '+49 30 1234567' }, ...o,
});

describe('DHL Express double: pickups', () => {
  it('books a pickup from our mapping without a violation, answers its number, and cancels it once', async () => {
    const body = dhlPickupRequest(request(), account.accountNumber);
    expect(body).toMatchObject({ plannedPickupDateAndTime: expect.stringMatching(new RegExp(`^${day(false)}T12:00:00GMT\\+0[12]:00$`)), closeTime: '17:30', accounts: [{ typeCode: 'shipper', number: account.accountNumber }] });
    expect(body.shipmentDetails[0].packages).toEqual([{ weight: 4.5, dimensions: { length: 30, width: 30, height: 30 } }, { weight: 4.5, dimensions: { length: 30, width: 30, height: 30 } }]);
    const created = await api('POST', '/pickups', body);
    expect(double.violations).toEqual([]);
    expect(created.status).toBe(201);
    const number = created.body.dispatchConfirmationNumbers[0];
    expect(number).toMatch(/^CBJ\d+$/);
    expect((await api('DELETE', `/pickups/${number}?requestorName=Waybill&reason=test`)).status).toBe(200);
    expect((await api('DELETE', `/pickups/${number}?requestorName=Waybill&reason=test`)).status).toBe(404);
  });

  it('records what breaks the description: a missing shipper account, a date too far ahead, closing before ready, missing dimensions', async () => {
    const body = dhlPickupRequest(request(), account.accountNumber);
    body.accounts = [{ typeCode: 'payer', number: '111' }];
    body.plannedPickupDateAndTime = body.plannedPickupDateAndTime.replace(/^\d{4}/, '2099');
    body.closeTime = '08:00';
    delete body.shipmentDetails[0].packages[0].dimensions;
    expect((await api('POST', '/pickups', body)).status).toBe(422);
    const seen = double.violations.join('\n');
    for (const part of ['shipper account', 'within the next 10 days', 'closeTime', 'dimensions']) expect(seen).toContain(part);
  });

  it('refuses a Sunday in MyDHL\'s problem shape, and slows down or fails on demand', async () => {
    const sunday = await api('POST', '/pickups', dhlPickupRequest(request({ date: day(true) }), account.accountNumber));
    expect([sunday.status, sunday.body.detail]).toEqual([422, '1001: Pickup is not available on the requested date']);
    double.inject({ operation: 'pickup', kind: 'slow', delayMs: 200 });
    const started = Date.now();
    expect((await api('POST', '/pickups', dhlPickupRequest(request(), account.accountNumber))).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    double.inject({ operation: 'pickup', kind: 'error', status: 503 });
    expect((await api('POST', '/pickups', dhlPickupRequest(request(), account.accountNumber))).status).toBe(503);
  });
});
