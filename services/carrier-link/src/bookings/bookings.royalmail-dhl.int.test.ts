import { randomBytes } from 'node:crypto';
import { readPdf } from '@waybill/testing';
import { withRoyalMailAndDhl } from '../doubles.test-support';

/** Royal Mail and DHL Express bookings through carrier-link: stored labels in every format, cancel with the carrier reference. */
const RM = { apiKey: 'rm-key-booking-0001', oba: true };
const DHL = { apiKey: 'dhl-key-booking', apiSecret: 'dhl-secret-booking', accountNumber: '987654321' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const consignment = () => randomBytes(16).toString('hex');
const request = (serviceName: string, options: Record<string, string> = {}) => ({
  orderNumber: 'ORDER-88', serviceName, options,
  origin: { company_name: 'Demo Co', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
  parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }, { weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }],
  originContact: { phone: '+44 20 7946 0000' }, destinationContact: { phone: '07700 900123' },
});

describe('Royal Mail and DHL Express bookings through carrier-link', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => { t = await withRoyalMailAndDhl([RM], [DHL]); });
  afterAll(() => t?.close());
  afterEach(() => expect(t.rm.violations.concat(t.dhl.violations)).toEqual([]));

  it("books at Royal Mail, serves Click & Drop's PDF labels as PDF, PNG and ZPL without calling it, and cancel deletes the orders", async () => {
    const api = t.h.api(company());
    await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
    const id = consignment();
    const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'royalmail', request: request('Royal Mail Tracked 24') });
    expect(booked.body).toMatchObject({ booked: true, consignment_number: expect.stringMatching(/^TT\d{9}GB$/), tracking_numbers: [expect.any(String), expect.any(String)] });
    t.rm.inject({ operation: '*', kind: 'error', status: 503, times: 100 });
    try {
      const pdf = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/pdf&label_size=4x6`);
      expect((await readPdf(Buffer.from(pdf.body.labels, 'base64'))).pages).toHaveLength(2);
      const pngs = await api.get(`/carrier-bookings/${id}/labels?documenttype=image/x-png-list`);
      expect(pngs.body.labels).toHaveLength(2);
      const zpl = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/x-zebra-zpl`);
      expect(zpl.body.labels.match(/\^GF/g)).toHaveLength(2);
    } finally {
      t.rm.clearFaults();
    }
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
    expect(t.rm.state.orderOfTracking(booked.body.consignment_number)).toBeUndefined();
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
  });

  it("books at DHL Express with a pickup, and cancel cancels the pickup (nothing is voided at DHL)", async () => {
    const api = t.h.api(company());
    await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', booking_label_format: 'zpl', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
    const id = consignment();
    const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'dhl_express', request: request('DHL Express Domestic', { pickup: 'true' }) });
    expect(booked.body).toMatchObject({ booked: true, consignment_number: expect.stringMatching(/^\d{10}$/) });
    const zpl = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/x-zebra-zpl`);
    expect(zpl.body.labels).toMatch(/^\^XA[\s\S]*DHL EXPRESS/);
    // The ZPL label rendered for the other types, from what carrier-link stored.
    const pdf = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/pdf&label_size=A6`);
    expect((await readPdf(Buffer.from(pdf.body.labels, 'base64'))).pages).toHaveLength(2);
    const png = Buffer.from((await api.get(`/carrier-bookings/${id}/labels?documenttype=image/x-png-list`)).body.labels[0], 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([812, 1218]);
    const pickup = t.dhl.state.shipments.get(booked.body.consignment_number)!.pickup!;
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
    expect(t.dhl.state.pickups.get(pickup)?.cancelled).toBe(true);
  });
});
