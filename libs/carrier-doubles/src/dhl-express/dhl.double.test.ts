import { dhlExpressSchemas } from '@waybill/carriers';
import { schemaProblems } from '../kit/double-server';
import { DhlExpressDouble } from './dhl.double';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const account = { apiKey: 'key', apiSecret: 'secret', accountNumber: '123456789' };
let double: DhlExpressDouble;
let base: string;
beforeAll(async () => { double = new DhlExpressDouble([account]); base = await double.start(); });
afterAll(() => double.stop());

const api = async (method: string, path: string, body?: unknown, secret = 'secret', headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: {
    'content-type': 'application/json', authorization: `Basic ${Buffer.from(`key:${secret}`).toString('base64')}`, 'message-reference': 'a'.repeat(36), 'x-version': '3.1.0', ...headers,
  } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
};
const today = new Date().toISOString().slice(0, 10);
const party = (country: string, city: string) => ({ postalAddress: { postalCode: '10115', cityName: city, countryCode: country, addressLine1: '1 Street' }, contactInformation: { phone: '+4930123', companyName: 'Co', fullName: 'Name' } });
const shipment = (over: Json = {}) => ({
  plannedShippingDateAndTime: `${today}T17:00:00GMT+00:00`, pickup: { isRequested: false }, productCode: 'N', accounts: [{ typeCode: 'shipper', number: '123456789' }],
  customerDetails: { shipperDetails: party('DE', 'Berlin'), receiverDetails: party('DE', 'Hamburg') },
  content: { packages: [{ weight: 1.5 }], isCustomsDeclarable: false, description: 'Books', incoterm: 'DAP', unitOfMeasurement: 'metric' }, ...over,
});

describe('DHL Express double', () => {
  it("answers in MyDHL's documented shapes: shipment, tracking, ePOD, address validation", async () => {
    const shipped = await api('POST', '/shipments', shipment());
    expect([shipped.status, schemaProblems(dhlExpressSchemas.shipmentAnswerSchema, shipped.body, 'answer')]).toEqual([201, []]);
    const n = shipped.body.shipmentTrackingNumber;
    double.addEvent(n, { typeCode: 'OK', description: 'Delivered', at: new Date(), signedBy: 'X' });
    const tracked = await api('GET', `/tracking?shipmentTrackingNumber=${n}&trackingView=all-checkpoints&levelOfDetail=all`);
    expect(schemaProblems(dhlExpressSchemas.trackingAnswerSchema, tracked.body, 'answer')).toEqual([]);
    const pod = await api('GET', `/shipments/${n}/proof-of-delivery?shipperAccountNumber=123456789&content=epod-summary`);
    expect(schemaProblems(dhlExpressSchemas.epodAnswerSchema, pod.body, 'answer')).toEqual([]);
    expect((await api('GET', '/address-validate?type=delivery&countryCode=GB&postalCode=SW1A1AA')).status).toBe(200);
    expect(double.violations).toEqual([]);
  });

  it('refuses requests that break the description and its rules, and records why', async () => {
    const bad = await api('POST', '/shipments', shipment({
      productCode: 'U', plannedShippingDateAndTime: '2020-01-01T10:00:00', colour: 'red',
      customerDetails: { shipperDetails: party('DE', 'Berlin'), receiverDetails: { ...party('US', 'C'.repeat(46)) } },
    }));
    expect(bad.status).toBe(422);
    expect(schemaProblems(dhlExpressSchemas.errorAnswerSchema, bad.body, 'answer')).toEqual([]);
    const text = double.violations.join('\n');
    expect(text).toMatch(/plannedShippingDateAndTime must match pattern/);
    expect(text).toMatch(/must NOT have additional properties \(colour\)/);
    expect(text).toMatch(/cityName must NOT have more than 45 characters/);
    expect(text).toMatch(/product U is for non-dutiable shipments within the EU/);
    double.violations.length = 0;
  });

  it('answers 422 to any call without the x-version header the description requires, or with another version', async () => {
    expect((await api('GET', '/address-validate?type=delivery&countryCode=GB', undefined, 'secret', { 'x-version': '' })).status).toBe(422);
    expect((await api('POST', '/shipments', shipment(), 'secret', { 'x-version': '2.12.0' })).status).toBe(422);
    expect(double.violations).toEqual([
      "check: headers/x-version must be equal to one of the allowed values",
      "ship: headers/x-version must be equal to one of the allowed values",
    ]);
    double.violations.length = 0;
  });

  it('takes a province code of 2 characters or more, and a county by name', async () => {
    const to = (postalAddress: Json) => shipment({ productCode: 'P', customerDetails: { shipperDetails: party('DE', 'Berlin'), receiverDetails: { ...party('IE', 'Dublin'), postalAddress: { ...party('IE', 'Dublin').postalAddress, ...postalAddress } } } });
    expect((await api('POST', '/shipments', to({ countyName: 'Co. Dublin' }))).status).toBe(201);
    expect((await api('POST', '/shipments', to({ provinceCode: 'D' }))).status).toBe(422);
    expect(double.violations.join('\n')).toMatch(/provinceCode must NOT have fewer than 2 characters/);
    double.violations.length = 0;
  });

  it('refuses wrong credentials; injects faults', async () => {
    expect(await api('GET', '/address-validate?type=delivery&countryCode=GB', undefined, 'nope')).toMatchObject({ status: 401, body: { detail: 'Invalid Credentials', status: '401' } });
    double.inject({ operation: 'check', kind: 'error', status: 429, retryAfterS: 2 });
    const limited = await api('GET', '/address-validate?type=delivery&countryCode=GB');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
    double.inject({ operation: 'check', kind: 'reset' });
    await expect(api('GET', '/address-validate?type=delivery&countryCode=GB')).rejects.toThrow();
  });
});
