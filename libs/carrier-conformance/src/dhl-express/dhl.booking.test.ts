import { eventually } from '@waybill/testing';
import { breakerOf, plannedShippingTime } from '@waybill/carriers';
import { doubleStaysClean, rejection } from '../expect-carrier';
import { booking, exportBooking } from '../bookings';
import { dhlFixture } from './dhl.fixture';

let f: Awaited<ReturnType<typeof dhlFixture>>;
beforeAll(async () => { f = await dhlFixture(); });
afterAll(() => f.stop());
doubleStaysClean(() => f.double);

const shipBody = () => f.double.lastBodies.get('ship') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const FR = { name: 'Marie Curie', address1: '11 Rue Pierre et Marie Curie', city: 'Paris', postcode: '75005', country: 'FR' };
const DE_WAREHOUSE = { name: 'Versand', company_name: 'Demo GmbH', address1: 'Hauptstrasse 1', city: 'Berlin', postcode: '10115', country: 'DE' };

describe('DHL Express booking', () => {
  it('plans the shipping time in the warehouse zone: before the cutoff today, after it the next working day', () => {
    expect(plannedShippingTime(new Date('2030-07-03T10:00:00Z'), { timeZone: 'Europe/London', cutoff: '16:30' })).toBe('2030-07-03T16:30:00GMT+01:00');
    expect(plannedShippingTime(new Date('2030-07-03T16:00:00Z'), { timeZone: 'Europe/London', cutoff: '16:30' })).toBe('2030-07-04T16:30:00GMT+01:00');
    expect(plannedShippingTime(new Date('2030-07-05T18:00:00Z'), { timeZone: 'Europe/London', cutoff: '17:00' })).toBe('2030-07-08T17:00:00GMT+01:00');
    expect(plannedShippingTime(new Date('2030-01-08T10:00:00Z'), { timeZone: 'Europe/London', shippingDate: '2030-01-12' })).toBe('2030-01-14T17:00:00GMT+00:00');
    expect(plannedShippingTime(new Date('2030-01-08T10:00:00Z'), { timeZone: 'America/New_York', cutoff: '15:00' })).toBe('2030-01-08T15:00:00GMT-05:00');
  });

  it('books an export: shipment and piece numbers, a PDF label per piece, the export declaration and DHL invoice', async () => {
    const b = await f.carrier().book({ ...exportBooking('DHL Express Worldwide'), originTimeZone: 'Europe/London', originCutoff: '23:59' });
    expect(b.consignmentNumber).toMatch(/^\d{10}$/);
    expect(b.trackingNumbers).toEqual([expect.stringMatching(/^JD\d{18}$/), expect.stringMatching(/^JD\d{18}$/)]);
    expect(b.documents?.labelFormat).toBe('pdf');
    expect(b.documents?.labels).toHaveLength(2);
    expect(b.documents?.customsInvoice?.toString('latin1')).toContain('COMMERCIAL INVOICE');
    const body = shipBody();
    expect(body).toMatchObject({
      productCode: 'P', accounts: [{ typeCode: 'shipper', number: '123456789' }], customerReferences: [{ value: expect.stringMatching(/^ORDER-/), typeCode: 'CU' }],
      pickup: { isRequested: false, closeTime: '23:59' },
      outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label', isRequested: true }, { typeCode: 'invoice', invoiceType: 'commercial' }] },
      customerDetails: {
        shipperDetails: { postalAddress: { countryCode: 'GB', postalCode: 'E14 5AB', cityName: 'London' }, contactInformation: { phone: '+442079460000', companyName: 'Demo Co Ltd', fullName: 'Dispatch Desk' } },
        receiverDetails: { postalAddress: { countryCode: 'US', provinceCode: 'MD' }, contactInformation: { phone: '+14105550100', fullName: 'John Doe' } },
      },
      content: { isCustomsDeclarable: true, declaredValue: 30, declaredValueCurrency: 'GBP', incoterm: 'DAP', unitOfMeasurement: 'metric', description: 'Cotton T-shirts' },
    });
    expect(body.plannedShippingDateAndTime).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00GMT\+0[01]:00$/);
    expect(body.content.packages[0]).toEqual({ weight: 2.5, dimensions: { length: 30, width: 20, height: 10 }, customerReferences: [{ value: expect.stringMatching(/^ORDER-/), typeCode: 'CU' }] });
    expect(body.content.exportDeclaration).toMatchObject({
      invoice: { number: 'INV-1001', date: '2026-11-26' }, exportReasonType: 'permanent',
      lineItems: [
        { number: 1, price: 12.5, quantity: { value: 2, unitOfMeasurement: 'PCS' }, commodityCodes: [{ typeCode: 'outbound', value: '61091000' }], manufacturerCountry: 'PT', weight: { netValue: 2.466, grossValue: 2.466 } },
        { number: 2, price: 5, commodityCodes: [{ typeCode: 'outbound', value: '491199' }], manufacturerCountry: 'GB' },
      ],
    });
  });

  it('uses the EU product code within the EU, Domestic Express within one country, ZPL for a ZPL account', async () => {
    await f.carrier().book(booking('DHL Express 12:00', { origin: DE_WAREHOUSE, destination: FR }));
    expect(shipBody()).toMatchObject({ productCode: 'T', content: { isCustomsDeclarable: false } });
    const z = await f.carrier({ labelFormat: 'zpl' }).book(booking('DHL Express Domestic'));
    expect(shipBody().productCode).toBe('N');
    expect(z.documents?.labelFormat).toBe('zpl');
    expect(z.documents?.labels[0].toString('latin1')).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
  });

  it("refuses what DHL would not take, naming the field, and carries DHL's status and detail", async () => {
    const before = f.double.requests.length;
    const noPhone = exportBooking('DHL Express Worldwide');
    noPhone.destinationContact = null;
    expect((await rejection(f.carrier().book(noPhone))).reason).toBe('DHL Express cannot take recipient.contact_number: DHL Express needs a phone number for both ends of a shipment');
    expect((await rejection(f.carrier().book(booking('DHL Express Worldwide')))).reason).toBe('DHL Express Worldwide is for international shipments (GB to GB)');
    const long = booking('DHL Express Domestic', { destination: { ...booking('x').destination, address1: 'Long Street '.repeat(12) } });
    expect((await rejection(f.carrier().book(long))).reason).toBe("DHL Express cannot take recipient.address1: the address is longer than DHL Express's 3 lines of 45 characters hold");
    expect(f.double.requests.length).toBe(before);
    const e = await rejection(f.carrier().book(booking('DHL Express Domestic', { destination: { ...booking('x').destination, postcode: 'ZZ9 9ZZ' } })));
    expect([e.reason, e.outcomeUnknown]).toEqual(['DHL Express 422: 410928: Postal code or city of the receiver is not valid for the destination country', false]);
  });

  it('check makes one cheap authenticated call; wrong credentials say so', async () => {
    expect(await f.carrier().checkAccount!()).toEqual({ ok: true });
    expect(await f.carrier({ secret: 'wrong' }).checkAccount!()).toEqual({ ok: false, detail: 'DHL Express 401: Invalid Credentials' });
    expect((await rejection(f.carrier({ secret: 'wrong' }).book(booking('DHL Express Domestic')))).reason).toBe('DHL Express 401: Invalid Credentials');
  });

  it('timeouts and outages during booking are refusals with an unknown outcome, never repeated', async () => {
    f.double.inject({ operation: 'ship', kind: 'slow', delayMs: 1500 });
    const slow = await rejection(f.carrier({ timeoutMs: 300 }).book(booking('DHL Express Domestic')));
    expect([slow.reason, slow.outcomeUnknown]).toEqual(['DHL Express timed out after 0.3 s', true]);
    const before = f.double.count('ship');
    f.double.inject({ operation: 'ship', kind: 'error', status: 502 });
    expect((await rejection(f.carrier().book(booking('DHL Express Domestic')))).reason).toBe('DHL Express unavailable (HTTP 502)');
    expect(f.double.count('ship') - before).toBe(1);
    f.double.inject({ operation: 'ship', kind: 'error', status: 429 });
    expect((await rejection(f.carrier().book(booking('DHL Express Domestic')))).reason).toBe('DHL Express 429: Too Many Requests');
    f.double.inject({ operation: 'ship', kind: 'reset' });
    expect((await rejection(f.carrier().book(booking('DHL Express Domestic')))).reason).toMatch(/^DHL Express unavailable \(/);
  });

  it('cancel voids nothing at DHL but cancels the booked pickup (already cancelled: success)', async () => {
    const carrier = f.carrier();
    const plain = await carrier.book(booking('DHL Express Domestic'));
    const before = f.double.requests.length;
    await carrier.cancel(plain.consignmentNumber, { carrierReference: plain.carrierReference });
    expect(f.double.requests.length).toBe(before);
    const withPickup = await carrier.book(booking('DHL Express Domestic', { options: { pickup: 'true' } }));
    expect(withPickup.carrierReference).toMatch(/^CBJ\d+$/);
    expect(withPickup.appliedOptions).toEqual({ pickup: 'true' });
    await carrier.cancel(withPickup.consignmentNumber, { carrierReference: withPickup.carrierReference });
    expect(f.double.state.pickups.get(withPickup.carrierReference!)?.cancelled).toBe(true);
    await carrier.cancel(withPickup.consignmentNumber, { carrierReference: withPickup.carrierReference });
  });

  it('opens the breaker when DHL keeps failing and closes after a probe', async () => {
    const carrier = f.carrier();
    f.double.inject({ operation: 'ship', kind: 'error', status: 500, times: 5 });
    for (let i = 0; i < 5; i++) await rejection(carrier.book(booking('DHL Express Domestic')));
    expect(breakerOf({ identifier: 'dhl_express' }).current).toBe('open');
    // Its open period (CARRIER_BREAKER_OPEN_MS=400) over, the breaker lets one probe through.
    await eventually(() => breakerOf({ identifier: 'dhl_express' }).current === 'half_open', { what: 'the breaker half-open', timeoutMs: 5000 });
    expect((await carrier.book(booking('DHL Express Domestic'))).trackingNumbers).toHaveLength(2);
    expect(breakerOf({ identifier: 'dhl_express' }).current).toBe('closed');
  });
});
