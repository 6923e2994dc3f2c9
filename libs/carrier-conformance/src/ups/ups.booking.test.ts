import { eventually } from '@waybill/testing';
import { CarrierRejection, breakerOf, MemoryTokenStore, TokenCache, UPS_IDENTIFIER, type Booking } from '@waybill/carriers';
import { metricsRegistry } from '@waybill/telemetry';
import { booking, exportBooking, US_RECIPIENT, US_WAREHOUSE } from '../bookings';
import { upsFixture } from './ups.fixture';

let f: Awaited<ReturnType<typeof upsFixture>>;
beforeAll(async () => { f = await upsFixture(); });
afterAll(() => f.stop());
afterEach(() => {
  f.double.clearFaults();
  // Every request the adapter sent matched UPS's published description.
  expect(f.double.violations).toEqual([]);
});

const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => {
  if (!(e instanceof CarrierRejection)) throw e;
  return e;
});
const shipBody = () => f.double.lastBodies.get('ship') as any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('UPS booking', () => {
  it('books a domestic shipment: shipment number, a 1Z number and a GIF label per package, billed to the shipper number', async () => {
    const b: Booking = await f.carrier().book(booking('UPS Standard'));
    expect(b.consignmentNumber).toMatch(/^1ZA1B2C311\d{8}$/);
    expect(b.trackingNumbers).toHaveLength(2);
    expect(b.trackingNumbers[0]).toBe(b.consignmentNumber);
    expect(b.trackingUrl).toBe(`http://localhost:8080/track/ups/${b.consignmentNumber}`);
    expect(b.documents?.labelFormat).toBe('gif');
    expect(b.documents?.labels.map((l) => l.subarray(0, 6).toString('latin1'))).toEqual(['GIF89a', 'GIF89a']);
    const s = shipBody().ShipmentRequest.Shipment;
    expect(s.PaymentInformation.ShipmentCharge).toEqual([{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }]);
    expect(s.Service.Code).toBe('11');
    expect(s.ReferenceNumber).toEqual([{ Value: expect.stringMatching(/^ORDER-/) }]);
    expect(s.Package[0]).toMatchObject({
      PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '2.5' },
      Dimensions: { UnitOfMeasurement: { Code: 'CM' }, Length: '30', Width: '20', Height: '10' },
    });
    expect(s.ShipTo.Phone).toEqual({ Number: '447700900123' });
  });

  it('books a return as a Print Return Label: ReturnService 9, the consumer as ShipFrom, the warehouse as Shipper and ShipTo', async () => {
    const outbound = booking('UPS Standard');
    // A return travels the other way: from the outbound's recipient back to the warehouse.
    const b = await f.carrier().book({ ...outbound, serviceName: 'UPS Standard Return', origin: outbound.destination, destination: outbound.origin,
      originContact: outbound.destinationContact, destinationContact: outbound.originContact });
    expect(b.trackingNumbers[0]).toMatch(/^1Z/);
    const s = shipBody().ShipmentRequest.Shipment;
    expect([s.ReturnService, s.Service.Code]).toEqual([{ Code: '9', Description: 'UPS Print Return Label (PRL)' }, '11']);
    expect([s.ShipFrom.Address.PostalCode, s.ShipTo.Address.PostalCode, s.Shipper.Address.PostalCode])
      .toEqual([outbound.destination.postcode, outbound.origin.postcode, outbound.origin.postcode]);
    expect(s.Package.every((p: { Description?: string }) => Boolean(p.Description))).toBe(true);
  });

  it('never books a return service for an outbound parcel by default', () => {
    const outbound = booking('UPS Standard');
    expect(f.carrier().defaultService(outbound.origin, outbound.destination).return).toBeFalsy();
  });

  it('books in ZPL for an account that prints ZPL', async () => {
    const b = await f.carrier({ labelFormat: 'zpl' }).book(booking('UPS Express'));
    expect(b.documents?.labelFormat).toBe('zpl');
    expect(b.documents?.labels[0].toString('latin1')).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
  });

  it('sends pounds, inches and a package reference from the US, where UPS wants them', async () => {
    await f.carrier().book(booking('UPS Ground', { origin: US_WAREHOUSE, destination: US_RECIPIENT, parcels: [{ weightKg: 1, lengthCm: 25.4, widthCm: 10, heightCm: 50.8 }] }));
    const s = shipBody().ShipmentRequest.Shipment;
    expect(s.Package[0]).toMatchObject({
      PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '2.3' },
      Dimensions: { UnitOfMeasurement: { Code: 'IN' }, Length: '20', Width: '10', Height: '4' },
      ReferenceNumber: [{ Value: expect.stringMatching(/^ORDER-/) }],
    });
    expect(s.ReferenceNumber).toBeUndefined();
  });

  it("books an export with the invoice data and returns UPS's commercial invoice", async () => {
    const b = await f.carrier().book(exportBooking('UPS Express Saver'));
    expect(b.documents?.customsInvoice?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(b.documents?.customsInvoice?.toString('latin1')).toContain('COMMERCIAL INVOICE');
    const forms = shipBody().ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms;
    expect(forms).toMatchObject({ FormType: ['01'], InvoiceNumber: 'INV-1001', InvoiceDate: '20261126', TermsOfShipment: 'DAP', ReasonForExport: 'SALE', CurrencyCode: 'GBP' });
    expect(forms.Product[0]).toMatchObject({
      Description: ['Organic cotton T-shirt, size M,', 'navy blue, crew neck'], CommodityCode: '61091000', OriginCountryCode: 'PT',
      Unit: { Number: '2', UnitOfMeasurement: { Code: 'PCS' }, Value: '12.50' }, PartNumber: 'TS-M-NAVY',
    });
  });

  it("books an export from a warehouse that has only a company name: the company is UPS's attention name", async () => {
    const b = exportBooking('UPS Express Saver');
    b.origin = { ...b.origin, name: null };
    expect((await f.carrier().book(b)).consignmentNumber).toMatch(/^1Z/);
    const s = shipBody().ShipmentRequest.Shipment;
    expect([s.Shipper.Name, s.Shipper.AttentionName, s.ShipFrom.AttentionName]).toEqual(['Demo Co Ltd', 'Demo Co Ltd', 'Demo Co Ltd']);
  });

  it("turns UPS's refusal into a reason with UPS's code", async () => {
    const e = await rejection(f.carrier().book(booking('UPS Standard', { destination: { ...booking('x').destination, postcode: 'ZZ9 9ZZ' } })));
    expect(e.reason).toBe('UPS 120802: Address Validation Error on ShipTo address');
    expect(e.outcomeUnknown).toBe(false);
  });

  it('refuses, naming the field, what UPS would not take, without calling UPS', async () => {
    const before = f.double.requests.length;
    const noPhone = exportBooking('UPS Express');
    noPhone.destinationContact = null;
    expect((await rejection(f.carrier().book(noPhone))).reason).toBe('UPS cannot take recipient.contact_number: UPS needs a phone number on international shipments');
    const longName = booking('UPS Standard', { destination: { ...booking('x').destination, name: 'N'.repeat(36) } });
    expect((await rejection(f.carrier().book(longName))).reason).toBe('UPS cannot take recipient.name: UPS accepts at most 35 characters, this has 36');
    expect((await rejection(f.carrier().book(booking('UPS Ground')))).reason).toBe('UPS Ground does not collect from GB');
    const heavy = booking('UPS Standard', { parcels: [{ weightKg: 80, lengthCm: null, widthCm: null, heightCm: null }] });
    expect((await rejection(f.carrier().book(heavy))).reason).toBe("UPS cannot take packages.0.weight: 80 kg is over UPS's 68 kg limit per package");
    expect(f.double.requests.length).toBe(before);
  });

  it('wrong credentials: the account check says so, and a booking is refused with the reason', async () => {
    const wrong = f.carrier({ secret: 'not-the-secret' });
    expect(await wrong.checkAccount!()).toEqual({ ok: false, detail: 'UPS 250002: Invalid Authentication Information.' });
    expect((await rejection(wrong.book(booking('UPS Standard')))).reason).toBe('UPS 250002: Invalid Authentication Information.');
    expect(await f.carrier().checkAccount!()).toEqual({ ok: true });
  });

  it('asks for one token per account however many bookings run at once, and renews it once on a 401', async () => {
    const tokens = new TokenCache(new MemoryTokenStore());
    const carrier = f.carrier({ tokens });
    const before = f.double.state.tokensIssued;
    await Promise.all(Array.from({ length: 12 }, () => carrier.book(booking('UPS Standard'))));
    expect(f.double.state.tokensIssued - before).toBe(1);
    f.double.expireTokens();
    await carrier.book(booking('UPS Standard'));
    expect(f.double.state.tokensIssued - before).toBe(2);
  });

  it('a timeout during booking is a refusal that says so, with an unknown outcome counted for the operator', async () => {
    f.double.inject({ operation: 'ship', kind: 'slow', delayMs: 1500 });
    const e = await rejection(f.carrier({ timeoutMs: 300 }).book(booking('UPS Standard')));
    expect(e.reason).toBe('UPS timed out after 0.3 s');
    expect(e.outcomeUnknown).toBe(true);
    expect(await metricsRegistry.metrics()).toMatch(/waybill_carrier_call_anomalies_total\{carrier="ups",operation="ship"\} [1-9]/);
  });

  it('an outage during booking is a refusal, never repeated (the booking may have been made)', async () => {
    f.double.inject({ operation: 'ship', kind: 'error', status: 503, times: 3 });
    const ships = () => f.double.requests.filter((r) => r.startsWith('ship ')).length;
    const before = ships();
    const e = await rejection(f.carrier().book(booking('UPS Standard')));
    expect(e.reason).toBe('UPS unavailable (HTTP 503)');
    expect(e.outcomeUnknown).toBe(true);
    expect(ships() - before).toBe(1);
  });

  it('a rate-limited booking is a refusal saying so; a reset connection is an outage', async () => {
    f.double.inject({ operation: 'ship', kind: 'error', status: 429, retryAfterS: 1 });
    expect((await rejection(f.carrier().book(booking('UPS Standard')))).reason).toBe('UPS 429: Too Many Requests');
    f.double.inject({ operation: 'ship', kind: 'reset' });
    expect((await rejection(f.carrier().book(booking('UPS Standard')))).reason).toMatch(/^UPS unavailable \(/);
  });
});

describe('UPS void', () => {
  it('voids at UPS, and voiding again succeeds; an unknown shipment is reported', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    await carrier.cancel(b.consignmentNumber);
    await carrier.cancel(b.consignmentNumber);
    expect(f.double.state.shipments.get(b.consignmentNumber)?.voided).toBe(true);
    expect((await rejection(carrier.cancel('1ZA1B2C31199999990'))).reason).toBe('UPS 190100: No shipment found within the allowed void period');
  });

  it('reports a void it could not make: wrong credentials, or UPS not answering', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    expect((await rejection(f.carrier({ secret: 'wrong' }).cancel(b.consignmentNumber))).reason).toBe('UPS 250002: Invalid Authentication Information.');
    f.double.inject({ operation: 'void', kind: 'error', status: 503, times: 3 });
    const e = await rejection(carrier.cancel(b.consignmentNumber));
    expect([e.reason, e.outcomeUnknown]).toEqual(['UPS unavailable (HTTP 503)', true]);
    expect(f.double.state.shipments.get(b.consignmentNumber)?.voided).toBe(false);
  });

  it('retries a void through a passing outage (void is safe to repeat)', async () => {
    const carrier = f.carrier();
    const b = await carrier.book(booking('UPS Standard'));
    f.double.inject({ operation: 'void', kind: 'error', status: 503, times: 1 });
    await carrier.cancel(b.consignmentNumber);
    expect(f.double.state.shipments.get(b.consignmentNumber)?.voided).toBe(true);
  });
});

describe('UPS circuit breaker', () => {
  it('opens when UPS keeps failing, fails fast without calling, and closes after a successful probe', async () => {
    const carrier = f.carrier();
    f.double.inject({ operation: 'ship', kind: 'error', status: 500, times: 5 });
    for (let i = 0; i < 5; i++) await rejection(carrier.book(booking('UPS Standard')));
    expect(breakerOf({ identifier: UPS_IDENTIFIER }).current).toBe('open');
    const before = f.double.requests.length;
    expect((await rejection(carrier.book(booking('UPS Standard')))).reason).toMatch(/^UPS unavailable \(failing; next attempt in/);
    expect(f.double.requests.length).toBe(before);
    // Its open period (CARRIER_BREAKER_OPEN_MS=400) over, the breaker lets one probe through.
    await eventually(() => breakerOf({ identifier: UPS_IDENTIFIER }).current === 'half_open', { what: 'the breaker half-open', timeoutMs: 5000 });
    expect((await carrier.book(booking('UPS Standard'))).trackingNumbers).toHaveLength(2);
    expect(breakerOf({ identifier: UPS_IDENTIFIER }).current).toBe('closed');
  });
});
