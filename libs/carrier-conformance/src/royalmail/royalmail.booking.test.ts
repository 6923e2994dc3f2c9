import { eventually } from '@waybill/testing';
import { breakerOf, credentialErrors, royalMailAdapter, RM_CREDENTIAL_KEYS } from '@waybill/carriers';
import { metricsRegistry } from '@waybill/telemetry';
import { doubleStaysClean, rejection } from '../expect-carrier';
import { booking, exportBooking } from '../bookings';
import { RM_PRIVATE, royalMailFixture } from './royalmail.fixture';

let f: Awaited<ReturnType<typeof royalMailFixture>>;
beforeAll(async () => { f = await royalMailFixture(); });
afterAll(() => f.stop());
doubleStaysClean(() => f.double);

const shipBody = () => f.double.lastBodies.get('ship') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const EU_RECIPIENT = { name: 'Marie Curie', address1: '11 Rue Pierre et Marie Curie', city: 'Paris', postcode: '75005', country: 'FR' };

describe('Royal Mail Click & Drop booking', () => {
  it('declares its credential keys: api_key required, the tracking pair optional', () => {
    expect(royalMailAdapter().credentialKeys.map((k) => [k.name, k.required, k.secret])).toEqual([
      ['api_key', true, true], ['tracking_client_id', false, false], ['tracking_client_secret', false, true],
    ]);
    expect(credentialErrors(RM_CREDENTIAL_KEYS, { api_key: 'k' })).toEqual({});
    expect(credentialErrors(RM_CREDENTIAL_KEYS, { client_id: 'x' })).toEqual({
      'credentials.client_id': [expect.stringMatching(/^Unknown credential key "client_id"/)], 'credentials.api_key': ['This field is required.'],
    });
  });

  it('books one Click & Drop order per parcel: tracking numbers, a PDF label each, the order identifiers kept for cancel', async () => {
    const b = await f.carrier().book(booking('Royal Mail Tracked 24'));
    expect(b.trackingNumbers).toHaveLength(2);
    expect(b.trackingNumbers[0]).toMatch(/^TT\d{9}GB$/);
    expect(b.consignmentNumber).toBe(b.trackingNumbers[0]);
    expect(b.documents?.labelFormat).toBe('pdf');
    expect(b.documents?.labels.map((l) => l.subarray(0, 5).toString('latin1'))).toEqual(['%PDF-', '%PDF-']);
    expect(b.carrierReference).toMatch(/^\d+;\d+$/);
    const [first, second] = shipBody().items;
    expect(first).toMatchObject({
      orderReference: expect.stringMatching(/^ORDER-\d+$/),
      recipient: { address: { fullName: 'Jane Smith', addressLine1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', countryCode: 'GB' }, phoneNumber: '+447700900123', emailAddress: 'jane@example.com' },
      sender: { tradingName: 'Demo Co Ltd', phoneNumber: '+442079460000' },
      packages: [{ weightInGrams: 2500, packageFormatIdentifier: 'mediumParcel', dimensions: { heightInMms: 100, widthInMms: 200, depthInMms: 300 } }],
      postageDetails: { serviceCode: 'TPN24', sendNotificationsTo: 'recipient' },
      label: { includeLabelInResponse: true, includeCN: false },
    });
    expect(second.orderReference).toBe(`${first.orderReference}-2`);
    expect(second.packages[0]).toEqual({ weightInGrams: 1200, packageFormatIdentifier: 'parcel' });
  });

  it('sends the customs contents for destinations outside the UK, with CN22 in the label', async () => {
    const req = exportBooking('Royal Mail International Tracked');
    req.parcels = [{ weightKg: 1.5, lengthCm: 30, widthCm: 20, heightCm: 5 }];
    const b = await f.carrier().book(req);
    expect(b.documents?.labels[0].toString('latin1')).toContain('CN22 CUSTOMS DECLARATION');
    const order = shipBody().items[0];
    expect(order).toMatchObject({ isRecipientABusiness: false, currencyCode: 'GBP', subtotal: 30, total: 30, postageDetails: { serviceCode: 'MP1', commercialInvoiceNumber: 'INV-1001' }, label: { includeCN: true } });
    expect(order.packages[0].contents[0]).toEqual({
      name: 'Organic cotton T-shirt, size M, navy blue, crew neck', SKU: 'TS-M-NAVY', quantity: 2, unitValue: 12.5, unitWeightInGrams: 500,
      customsDescription: 'Organic cotton T-shirt, size M, navy blue, crew ne', customsCode: '61091000', originCountryCode: 'PT', customsDeclarationCategory: 'eCommerceSaleOfGoods',
    });
  });

  it('refuses routes and parcels Royal Mail does not take, naming why, without calling it', async () => {
    const before = f.double.requests.length;
    expect((await rejection(f.carrier().book(booking('Royal Mail Tracked 48', { destination: EU_RECIPIENT })))).reason).toBe('Royal Mail Tracked 48 does not deliver to FR');
    expect((await rejection(f.carrier().book(booking('Royal Mail International Tracked')))).reason).toBe('Royal Mail International Tracked is for destinations outside the UK (GB)');
    const heavy = booking('Royal Mail Tracked 24', { parcels: [{ weightKg: 21, lengthCm: null, widthCm: null, heightCm: null }] });
    expect((await rejection(f.carrier().book(heavy))).reason).toBe("Royal Mail cannot take packages.0.weight: 21 kg is over the service's 20 kg limit");
    const longPhone = booking('Royal Mail Tracked 24', { destinationContact: { phone: '+44 1234 5678 9012 3456 7890 1234' } });
    expect((await rejection(f.carrier().book(longPhone))).reason).toBe('Royal Mail cannot take recipient.contact_number: Royal Mail accepts at most 25 characters, this has 27');
    expect((await rejection(f.carrier().book(exportBooking('Royal Mail International Tracked')))).reason)
      .toBe('Royal Mail cannot take packages: Royal Mail International Tracked takes one parcel a shipment (each parcel carries its own customs declaration); book the parcels as separate consignments');
    expect(f.double.requests.length).toBe(before);
  });

  it("turns Click & Drop's refusal of an order into a reason with its code and field", async () => {
    const e = await rejection(f.carrier().book(booking('Royal Mail Tracked 24', { destination: { ...booking('x').destination, postcode: 'ZZ9 9ZZ' } })));
    expect(e.reason).toBe('Royal Mail 25: The postcode is not valid for the destination country (recipient.address.postcode)');
  });

  it('an account that may not generate labels is refused saying so, and nothing is left at Click & Drop', async () => {
    const orders = () => [...f.double.state.orders.values()].filter((o) => o.apiKey === RM_PRIVATE.apiKey).length;
    const e = await rejection(f.carrier({ apiKey: RM_PRIVATE.apiKey }).book(booking('Royal Mail Tracked 24')));
    expect(e.reason).toBe('Royal Mail LabelGenerationNotAvailable: Label generation through the API is reserved for OBA accounts; Click & Drop generates labels through its API for business (OBA) accounts only');
    expect(orders()).toBe(0);
  });

  it('check proves the key by listing orders; a wrong key is reported with the answer', async () => {
    expect(await f.carrier().checkAccount!()).toEqual({ ok: true });
    expect(await f.carrier({ apiKey: 'wrong' }).checkAccount!()).toEqual({ ok: false, detail: 'Royal Mail Unauthorized: Authorization has been denied for this request.' });
    expect((await rejection(f.carrier({ apiKey: 'wrong' }).book(booking('Royal Mail Tracked 24')))).reason).toBe('Royal Mail Unauthorized: Authorization has been denied for this request.');
  });

  it('a timeout or outage during booking is a refusal with an unknown outcome, never repeated', async () => {
    f.double.inject({ operation: 'ship', kind: 'slow', delayMs: 1500 });
    const slow = await rejection(f.carrier({ timeoutMs: 300 }).book(booking('Royal Mail Tracked 24')));
    expect([slow.reason, slow.outcomeUnknown]).toEqual(['Royal Mail timed out after 0.3 s', true]);
    f.double.inject({ operation: 'ship', kind: 'error', status: 503, times: 3 });
    const before = f.double.count('ship');
    const down = await rejection(f.carrier().book(booking('Royal Mail Tracked 24')));
    expect([down.reason, down.outcomeUnknown, f.double.count('ship') - before]).toEqual(['Royal Mail unavailable (HTTP 503)', true, 1]);
    expect(await metricsRegistry.metrics()).toMatch(/waybill_carrier_call_anomalies_total\{carrier="royalmail",operation="ship"\} [1-9]/);
    f.double.clearFaults();
    f.double.inject({ operation: 'ship', kind: 'error', status: 429, retryAfterS: 1 });
    expect((await rejection(f.carrier().book(booking('Royal Mail Tracked 24')))).reason).toBe('Royal Mail 429: Too Many Requests');
    f.double.inject({ operation: 'ship', kind: 'reset' });
    expect((await rejection(f.carrier().book(booking('Royal Mail Tracked 24')))).reason).toMatch(/^Royal Mail unavailable \(/);
  });

  it('cancel deletes the orders; already gone is success', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('Royal Mail Tracked 48'));
    await carrier.cancel(b.consignmentNumber, { carrierReference: b.carrierReference });
    expect(f.double.state.orderOfTracking(b.consignmentNumber)).toBeUndefined();
    await carrier.cancel(b.consignmentNumber, { carrierReference: b.carrierReference });
    f.double.inject({ operation: 'void', kind: 'error', status: 503 });
    await carrier.cancel(b.consignmentNumber, { carrierReference: b.carrierReference });
    expect((await rejection(carrier.cancel(b.consignmentNumber))).reason).toBe(`Royal Mail cannot cancel ${b.consignmentNumber}: its Click & Drop order is not known`);
  });

  it('opens the breaker when Click & Drop keeps failing and closes after a probe', async () => {
    const carrier = f.carrier();
    f.double.inject({ operation: 'ship', kind: 'error', status: 500, times: 5 });
    for (let i = 0; i < 5; i++) await rejection(carrier.book(booking('Royal Mail Tracked 24')));
    expect(breakerOf({ identifier: 'royalmail' }).current).toBe('open');
    expect((await rejection(carrier.book(booking('Royal Mail Tracked 24')))).reason).toMatch(/^Royal Mail unavailable \(failing; next attempt in/);
    // Its open period (CARRIER_BREAKER_OPEN_MS=400) over, the breaker lets one probe through.
    await eventually(() => breakerOf({ identifier: 'royalmail' }).current === 'half_open', { what: 'the breaker half-open', timeoutMs: 5000 });
    expect((await carrier.book(booking('Royal Mail Tracked 24'))).trackingNumbers).toHaveLength(2);
    expect(breakerOf({ identifier: 'royalmail' }).current).toBe('closed');
  });
});
