import { upsPickupRequest, type PickupRequest } from '@waybill/carriers';
import { UpsDouble } from './ups.double';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The UPS double's Pickup API: what Waybill's mapping sends passes its checks; what breaks the description does not. */
const client = { clientId: 'pickup-cid', clientSecret: 'pickup-secret', accountNumber: 'P9Q8R7' };
let double: UpsDouble;
let base: string;
beforeAll(async () => { double = new UpsDouble({ clients: [client] }); base = await double.start(); });
afterAll(() => double.stop());
afterEach(() => { double.violations.length = 0; });

async function bearer(): Promise<string> {
  const res = await fetch(`${base}/security/v1/oauth/token`, {
    method: 'POST', body: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` },
  });
  return ((await res.json()) as Json).access_token;
}
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json', transId: 'b'.repeat(32), transactionSrc: 'test', ...headers },
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const request = (o: Partial<PickupRequest> = {}): PickupRequest => ({
  company: 'acme', collectionId: 'c'.repeat(32), date: '2030-01-02', readyTime: '12:00', closeTime: '17:30', parcels: 2, weightKg: 7.25,
  address: { company_name: 'Acme Parcels Ltd', name: 'Dock', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  contact: { phone: '020 7946 0000' }, ...o,
});

describe('UPS double: Pickup', () => {
  it('maps a collection to a request the description accepts, and answers a PRN; cancels it by PRN once', async () => {
    const body = upsPickupRequest(request(), client.accountNumber);
    expect(body.PickupCreationRequest).toMatchObject({
      PickupDateInfo: { PickupDate: '20300102', ReadyTime: '1200', CloseTime: '1730' },
      PickupPiece: [{ ServiceCode: '011', Quantity: '2', DestinationCountryCode: 'GB', ContainerCode: '01' }],
      TotalWeight: { Weight: '7.3', UnitOfMeasurement: 'KGS' }, PaymentMethod: '01', Shipper: { Account: { AccountNumber: client.accountNumber, AccountCountryCode: 'GB' } },
    });
    const created = await call('POST', '/api/pickupcreation/v2409/pickup', body);
    expect(double.violations).toEqual([]);
    expect(created.status).toBe(200);
    const prn = created.body.PickupCreationResponse.PRN;
    expect(prn).toMatch(/^\d{11}$/);
    const cancelled = await call('DELETE', '/api/shipments/v2409/pickup/02', undefined, { Prn: prn });
    expect([cancelled.status, cancelled.body.PickupCancelResponse.Response.ResponseStatus.Code]).toEqual([200, '1']);
    expect((await call('DELETE', '/api/shipments/v2409/pickup/02', undefined, { Prn: prn })).status).toBe(400);
  });

  it('records a request that breaks the description: lengths, formats, a missing phone, a window closing before it opens', async () => {
    const body = upsPickupRequest(request(), client.accountNumber);
    const p = body.PickupCreationRequest;
    p.PickupDateInfo = { PickupDate: '2030-01-02', ReadyTime: '1700', CloseTime: '0900' };
    p.PickupAddress.CompanyName = 'A company name longer than twenty-seven characters';
    delete p.PickupAddress.Phone;
    const res = await call('POST', '/api/pickupcreation/v2409/pickup', body);
    expect(res.status).toBe(400);
    const seen = double.violations.join('\n');
    for (const part of ['PickupDate', 'CompanyName', 'Phone', 'CloseTime must be later than ReadyTime']) expect(seen).toContain(part);
  });

  it('refuses a Sunday with its code, and slows down or fails on demand', async () => {
    const sunday = await call('POST', '/api/pickupcreation/v2409/pickup', upsPickupRequest(request({ date: '2030-01-06' }), client.accountNumber));
    expect([sunday.status, sunday.body.response.errors[0].code]).toEqual([400, '9510113']);
    double.inject({ operation: 'pickup', kind: 'slow', delayMs: 200 });
    const started = Date.now();
    expect((await call('POST', '/api/pickupcreation/v2409/pickup', upsPickupRequest(request(), client.accountNumber))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    double.inject({ operation: 'pickup', kind: 'error', status: 503 });
    expect((await call('POST', '/api/pickupcreation/v2409/pickup', upsPickupRequest(request(), client.accountNumber))).status).toBe(503);
  });
});
