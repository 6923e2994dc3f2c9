import Ajv from 'ajv';
import { upsSchemas } from '@waybill/carriers';
import { UpsDouble } from './ups.double';
import { oneZCheckDigit } from './ups.double.state';
import { trackAlertEvent } from './ups.double.push';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const client = { clientId: 'cid', clientSecret: 'sec:ret', accountNumber: 'X1Y2Z3' };
const ajv = new Ajv({ allErrors: true, strict: false });
const conforms = (schema: object, value: unknown) => {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : validate.errors;
};

let double: UpsDouble;
let base: string;
beforeAll(async () => { double = new UpsDouble({ clients: [client] }); base = await double.start(); });
afterAll(() => double.stop());

async function token(secret = client.clientSecret) {
  const res = await fetch(`${base}/security/v1/oauth/token`, {
    method: 'POST', body: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`cid:${secret}`).toString('base64')}` },
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const api = async (method: string, path: string, tok: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json', transId: 'a'.repeat(32), transactionSrc: 'test' },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
};
const minimalShip = (over: Record<string, unknown> = {}) => ({ ShipmentRequest: {
  Request: { RequestOption: 'nonvalidate' },
  Shipment: {
    Shipper: { Name: 'Demo', ShipperNumber: 'X1Y2Z3', Address: { AddressLine: ['1 Way'], City: 'London', PostalCode: 'E1 6AN', CountryCode: 'GB' } },
    ShipTo: { Name: 'Jane', Address: { AddressLine: ['2 Road'], City: 'Leeds', PostalCode: 'LS1 1AA', CountryCode: 'GB' } },
    ShipFrom: { Name: 'Demo', Address: { AddressLine: ['1 Way'], City: 'London', PostalCode: 'E1 6AN', CountryCode: 'GB' } },
    PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'X1Y2Z3' } }] },
    Service: { Code: '11' },
    Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.5' } }],
    ...over,
  },
  LabelSpecification: { LabelImageFormat: { Code: 'GIF' }, LabelStockSize: { Height: '6', Width: '4' } },
} });

describe('UPS double', () => {
  it("answers in UPS's documented shapes: token, ship, void, tracking, subscription", async () => {
    const t = await token();
    expect(conforms(upsSchemas.tokenAnswerSchema, t.body)).toEqual([]);
    const shipped = await api('POST', '/api/shipments/v2409/ship', t.body.access_token, minimalShip());
    expect(shipped.status).toBe(200);
    expect(conforms(upsSchemas.shipAnswerSchema, shipped.body)).toEqual([]);
    const id = shipped.body.ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber;
    expect(id).toMatch(/^1ZX1Y2Z311\d{7}\d$/);
    expect(oneZCheckDigit(id.slice(2, 17))).toBe(id[17]);
    const tracked = await api('GET', `/api/track/v1/details/${id}?locale=en_US`, t.body.access_token);
    expect(conforms(upsSchemas.trackAnswerSchema, tracked.body)).toEqual([]);
    const sub = await api('POST', '/api/track/v2/subscription/standard/package', t.body.access_token, { locale: 'en_US', trackingNumberList: [id, '1Z999AA10123456784'] });
    expect(sub.body).toEqual({ validTrackingNumbers: [id], invalidTrackingNumbers: ['1Z999AA10123456784'] });
    const voided = await api('DELETE', `/api/shipments/v2409/void/cancel/${id}`, t.body.access_token);
    expect(conforms(upsSchemas.voidAnswerSchema, voided.body)).toEqual([]);
    expect(double.violations).toEqual([]);
  });

  it("refuses requests that break UPS's description, and records why", async () => {
    const t = await token();
    const bad = minimalShip({ Service: { Code: '99' }, Colour: 'red', ShipTo: { Name: 'J'.repeat(36), Address: { AddressLine: ['x'], City: 'Leeds', CountryCode: 'US' } } });
    const answer = await api('POST', '/api/shipments/v2409/ship', t.body.access_token, bad);
    expect(answer.status).toBe(400);
    expect(conforms(upsSchemas.errorAnswerSchema, answer.body)).toEqual([]);
    expect(double.violations.join('\n')).toMatch(/Service\/Code must be equal to one of the allowed values/);
    expect(double.violations.join('\n')).toMatch(/must NOT have additional properties \(Colour\)/);
    expect(double.violations.join('\n')).toMatch(/ShipTo\/Name must NOT have more than 35 characters/);
    expect(double.violations.join('\n')).toMatch(/ShipTo.Phone.Number is required when ShipTo and ShipFrom countries differ/);
    double.violations.length = 0;
  });

  it('checks a return as the Shipping API describes it: ReturnService code, described packages, the parties in their return roles', async () => {
    const t = await token();
    const warehouse = { Name: 'Demo', Address: { AddressLine: ['1 Way'], City: 'London', PostalCode: 'E1 6AN', CountryCode: 'GB' } };
    const consumer = { Name: 'Jane', Address: { AddressLine: ['2 Road'], City: 'Leeds', PostalCode: 'LS1 1AA', CountryCode: 'GB' } };
    const pkg = { Description: 'Returned goods', Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.5' } };
    const good = minimalShip({ Shipper: { ...warehouse, ShipperNumber: 'X1Y2Z3' }, ShipTo: warehouse, ShipFrom: consumer, ReturnService: { Code: '9' }, Package: [pkg] });
    expect((await api('POST', '/api/shipments/v2409/ship', t.body.access_token, good)).status).toBe(200);
    expect(double.violations).toEqual([]);
    // The outbound's roles with a return code, an unknown code, and an undescribed package.
    const swapped = minimalShip({ ReturnService: { Code: '4' } });
    expect((await api('POST', '/api/shipments/v2409/ship', t.body.access_token, swapped)).status).toBe(400);
    const text = double.violations.join('\n');
    expect(text).toMatch(/ReturnService\/Code must be equal to one of the allowed values/);
    expect(text).toMatch(/Package\[0\].Description is required for shipment with return service/);
    expect(text).toMatch(/on a return ShipTo is the Shipper/);
    double.violations.length = 0;
    // Collected from the warehouse it goes back to: nobody is returning anything.
    const toItself = minimalShip({ Shipper: { ...warehouse, ShipperNumber: 'X1Y2Z3' }, ShipTo: warehouse, ShipFrom: warehouse, ReturnService: { Code: '9' }, Package: [pkg] });
    expect((await api('POST', '/api/shipments/v2409/ship', t.body.access_token, toItself)).status).toBe(400);
    expect(double.violations.join('\n')).toMatch(/on a return ShipFrom is the consumer sending the parcel back, not the ShipTo/);
    double.violations.length = 0;
  });

  it('checks addresses as the description states: state codes, the Irish county, postcode forms, Latin-1, no ShipFrom e-mail', async () => {
    const t = await token();
    const us = { AddressLine: ['1 Main St'], City: 'Mountain View', PostalCode: '94043-1234', CountryCode: 'US', StateProvinceCode: 'Calif' };
    const bad = minimalShip({
      ShipTo: { Name: 'Zofia Żółkiewska', AttentionName: 'Z', Phone: { Number: '+1 650' }, Address: us },
      ShipFrom: { Name: 'Demo', EMailAddress: 'a@b.c', Address: { AddressLine: ['1 Way'], City: 'Dublin', CountryCode: 'IE', StateProvinceCode: 'Co. D' } },
    });
    expect((await api('POST', '/api/shipments/v2409/ship', t.body.access_token, bad)).status).toBe(400);
    const text = double.violations.join('\n');
    expect(text).toMatch(/ShipTo\/Name must match pattern/);
    expect(text).toMatch(/ShipTo\/Phone\/Number must match pattern/);
    expect(text).toMatch(/ShipTo.Address.StateProvinceCode Calif is not a valid US state code/);
    expect(text).toMatch(/ShipTo.Address.PostalCode must be 5 or 9 digits for US/);
    expect(text).toMatch(/ShipFrom.Address.StateProvinceCode Co. D does not contain an Irish county/);
    expect(text).toMatch(/ShipFrom must NOT have additional properties \(EMailAddress\)/);
    double.violations.length = 0;
    const noState = minimalShip({ ShipTo: { Name: 'Jane', Address: { AddressLine: ['290 Bremner'], City: 'Toronto', PostalCode: 'M5V 3L9', CountryCode: 'CA' } } });
    await api('POST', '/api/shipments/v2409/ship', t.body.access_token, noState);
    expect(double.violations.join('\n')).toMatch(/ShipTo.Address.StateProvinceCode is required for CA[\s\S]*PostalCode must be 6 characters of the form A#A#A# for CA/);
    double.violations.length = 0;
  });

  it('refuses wrong client credentials and unknown tokens with their documented codes', async () => {
    expect(await token('wrong')).toEqual({ status: 401, body: { response: { errors: [{ code: '250002', message: 'Invalid Authentication Information.' }] } } });
    expect((await api('GET', '/api/track/v1/details/1ZX1Y2Z31100000001', 'nope')).body.response.errors[0].code).toBe('UJ0001');
  });

  it('injects faults: a 429 with Retry-After, an outage, a slow answer, a reset, over HTTP too', async () => {
    const t = await token();
    await fetch(`${base}/__double/faults`, { method: 'POST', body: JSON.stringify({ operation: 'track', kind: 'error', status: 429, retryAfterS: 7 }) });
    const limited = await api('GET', '/api/track/v1/details/1ZX1Y2Z31100000001', t.body.access_token);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    double.inject({ operation: '*', kind: 'error', status: 500 });
    expect((await api('GET', '/api/track/v1/details/1ZX1Y2Z31100000001', t.body.access_token)).body.response.errors[0].code).toBe('10004');
    double.inject({ operation: 'track', kind: 'slow', delayMs: 200 });
    const started = Date.now();
    expect((await api('GET', '/api/track/v1/details/1ZX1Y2Z31100000001', t.body.access_token)).status).toBe(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    double.inject({ operation: 'track', kind: 'reset' });
    await expect(api('GET', '/api/track/v1/details/1ZX1Y2Z31100000001', t.body.access_token)).rejects.toThrow();
    const state = (await (await fetch(`${base}/__double/state`)).json()) as Json;
    expect(state.tokensIssued).toBeGreaterThan(0);
  });

  it('builds Track Alert bodies that match the published webhook description', () => {
    const body = trackAlertEvent('1ZX1Y2Z31100000001', 'D', 'FS', 'Delivered', new Date('2026-11-26T10:15:00Z'));
    expect(conforms(upsSchemas.trackAlertEventSchema, body)).toEqual([]);
    expect(body).toMatchObject({ gmtActivityDate: '20261126', gmtActivityTime: '101500', actualDeliveryDate: '20261126' });
  });
});
