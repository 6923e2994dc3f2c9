import { royalMailSchemas } from '@waybill/carriers';
import { schemaProblems } from '../kit/double-server';
import { RoyalMailDouble } from './royalmail.double';
import { s10CheckDigit } from './royalmail.double.state';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const account = { apiKey: 'key-1', oba: true, tracking: { clientId: 'tid', clientSecret: 'tsecret' } };
let double: RoyalMailDouble;
let base: string;
beforeAll(async () => { double = new RoyalMailDouble([account]); base = await double.start(); });
afterAll(() => double.stop());

const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: 'Bearer key-1' }) => {
  const res = await fetch(base + path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
};
const order = (over: Json = {}) => ({
  orderReference: 'R1', recipient: { address: { fullName: 'Jane', addressLine1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA', countryCode: 'GB' } },
  packages: [{ weightInGrams: 500, packageFormatIdentifier: 'smallParcel' }], orderDate: '2030-01-01T10:00:00Z',
  subtotal: 0, shippingCostCharged: 0, total: 0, postageDetails: { serviceCode: 'TPN24' }, label: { includeLabelInResponse: true }, ...over,
});

describe('Royal Mail double', () => {
  it("answers in Click & Drop's and the tracking API's documented shapes", async () => {
    const created = await api('POST', '/api/v1/orders', { items: [order()] });
    expect(schemaProblems(royalMailSchemas.createOrdersAnswerSchema, created.body, 'answer')).toEqual([]);
    const o = created.body.createdOrders[0];
    expect(o.trackingNumber).toMatch(/^TT\d{9}GB$/);
    expect(s10CheckDigit(o.trackingNumber.slice(2, 10))).toBe(o.trackingNumber[10]);
    expect(Buffer.from(o.label, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(schemaProblems(royalMailSchemas.ordersAnswerSchema, (await api('GET', `/api/v1/orders/${o.orderIdentifier}`)).body, 'answer')).toEqual([]);
    expect(schemaProblems(royalMailSchemas.listOrdersAnswerSchema, (await api('GET', '/api/v1/orders?pageSize=1')).body, 'answer')).toEqual([]);
    const manifest = await api('POST', '/api/v1/manifests', {});
    expect([manifest.status, schemaProblems(royalMailSchemas.manifestAnswerSchema, manifest.body, 'answer')]).toEqual([201, []]);
    double.addEvent(o.trackingNumber, { code: 'EVKSP', name: 'Delivered', at: new Date(), category: 'DELIVERED' });
    const tracked = await api('GET', `/mailpieces/v2/summary?mailPieceId=${o.trackingNumber}`, undefined, { 'x-ibm-client-id': 'tid', 'x-ibm-client-secret': 'tsecret', 'x-accept-rmg-terms': 'yes' });
    expect(schemaProblems(royalMailSchemas.summaryAnswerSchema, tracked.body, 'answer')).toEqual([]);
    const deleted = await api('DELETE', `/api/v1/orders/${o.orderIdentifier};999`);
    expect(schemaProblems(royalMailSchemas.deleteAnswerSchema, deleted.body, 'answer')).toEqual([]);
    expect(double.violations).toEqual([]);
  });

  it("refuses requests that break the description, and records why", async () => {
    const bad = await api('POST', '/api/v1/orders', { items: [order({ orderReference: 'R'.repeat(41), colour: 'red', total: 5, packages: [{ weightInGrams: 40000, packageFormatIdentifier: 'crate' }], recipient: { address: { addressLine1: 'x', city: 'Paris', countryCode: 'FR' } } })] });
    expect(bad.status).toBe(400);
    expect(schemaProblems(royalMailSchemas.errorAnswerSchema, bad.body, 'answer')).toEqual([]);
    const text = double.violations.join('\n');
    expect(text).toMatch(/orderReference must NOT have more than 40 characters/);
    expect(text).toMatch(/must NOT have additional properties \(colour\)/);
    expect(text).toMatch(/weightInGrams must be <= 30000/);
    expect(text).toMatch(/packageFormatIdentifier must be equal to one of the allowed values/);
    double.violations.length = 0;
    const rules = await api('POST', '/api/v1/orders', { items: [order({ total: 5, recipient: { address: { addressLine1: 'x', city: 'Paris', countryCode: 'FR' } } })] });
    expect(rules.status).toBe(400);
    expect(double.violations.join('\n')).toMatch(/need package contents for the customs declaration[\s\S]*needs fullName or companyName|needs fullName or companyName[\s\S]*customs/);
    expect(double.violations.join('\n')).toMatch(/total must be the sum/);
    double.violations.length = 0;
  });

  it("takes only the customs categories of Click & Drop's current description", async () => {
    const item = (category: string) => order({ currencyCode: 'GBP', recipient: { address: { fullName: 'Max', addressLine1: 'x', city: 'Berlin', countryCode: 'DE' } },
      packages: [{ weightInGrams: 500, packageFormatIdentifier: 'smallParcel', contents: [{ quantity: 1, unitValue: 5, unitWeightInGrams: 100, originCountryCode: 'GB', customsDescription: 'Book', customsDeclarationCategory: category }] }] });
    expect((await api('POST', '/api/v1/orders', { items: [item('eCommerceSaleOfGoods'), item('commercialSaleOfGoods')] })).status).toBe(200);
    expect(double.violations).toEqual([]);
    expect((await api('POST', '/api/v1/orders', { items: [item('saleOfGoods')] })).status).toBe(400);
    expect(double.violations.join('\n')).toMatch(/customsDeclarationCategory must be equal to one of the allowed values/);
    double.violations.length = 0;
  });

  it('refuses wrong keys and tracking credentials with their documented shapes', async () => {
    expect(await api('GET', '/api/v1/orders?pageSize=1', undefined, { authorization: 'Bearer nope' })).toMatchObject({ status: 401, body: { code: 'Unauthorized' } });
    const t = await api('GET', '/mailpieces/v2/summary?mailPieceId=TT1', undefined, { 'x-ibm-client-id': 'tid', 'x-ibm-client-secret': 'wrong', 'x-accept-rmg-terms': 'yes' });
    expect(t.status).toBe(401);
    expect(schemaProblems(royalMailSchemas.trackingErrorSchema, t.body, 'answer')).toEqual([]);
  });

  it('injects faults over HTTP: 429 with Retry-After, outage, slow, reset', async () => {
    await fetch(`${base}/__double/faults`, { method: 'POST', body: JSON.stringify({ operation: 'check', kind: 'error', status: 429, retryAfterS: 3 }) });
    const limited = await api('GET', '/api/v1/orders?pageSize=1');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    double.inject({ operation: '*', kind: 'error', status: 500 });
    expect((await api('GET', '/api/v1/orders?pageSize=1')).status).toBe(500);
    double.inject({ operation: 'check', kind: 'slow', delayMs: 200 });
    const started = Date.now();
    expect((await api('GET', '/api/v1/orders?pageSize=1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    double.inject({ operation: 'check', kind: 'reset' });
    await expect(api('GET', '/api/v1/orders?pageSize=1')).rejects.toThrow();
    expect(((await (await fetch(`${base}/__double/state`)).json()) as Json).orders.length).toBeGreaterThan(0);
  });
});
