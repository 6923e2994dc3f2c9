import { randomBytes } from 'node:crypto';
import { CarrierLinkHarness } from '../test-support';

/**
 * Carriers reached without an account (the sandbox carriers) go through carrier-link like every other:
 * listed for each company, booked once per consignment, voided, manifested. What they answer is what the
 * carrier said, in the same shape as a real carrier's answer.
 */
const company = () => `co-${randomBytes(4).toString('hex')}`;
const consignment = () => randomBytes(16).toString('hex');
const request = (o: { service?: string; kg?: number; options?: Record<string, string> } = {}) => ({
  orderNumber: 'ORDER-9', serviceName: o.service ?? 'Generic Next Day GNXT',
  origin: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' },
  destination: { name: 'Ada', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
  parcels: [{ weightKg: o.kg ?? 1, lengthCm: null, widthCm: null, heightCm: null }, { weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }],
  options: o.options ?? {},
});
const manifest = (postcode: string, consignmentNumber: string) => ({
  manifestId: randomBytes(16).toString('hex'), collectionDate: '2030-01-02',
  origin: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' },
  consignments: [{ consignmentNumber, trackingNumbers: ['GC1'], destination: { postcode, country: 'GB' }, parcelCount: 1, weightKg: 1 }],
});

describe('carriers without accounts, through carrier-link', () => {
  let h: CarrierLinkHarness;
  beforeAll(async () => {
    h = await CarrierLinkHarness.start({});
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists them for every company with their capabilities and services, and no account', async () => {
    const carriers = (await h.api(company()).get('/carriers')).body as Array<Record<string, any>>;
    expect(carriers.map((c) => [c.identifier, c.account])).toEqual([['generic', null], ['globex', null], ['parcelink', null], ['swiftpost', null]]);
    expect(carriers[0].capabilities).toMatchObject({ supports: ['book', 'void', 'manifest', 'tracking_push', 'proof_of_delivery', 'returns'], per_package_tracking: true });
    expect(carriers[3].capabilities.zpl_native).toBe(true);
    expect(carriers[0].services[1]).toEqual({ identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT', code: 'GNXT', origins: ['GB'], destinations: ['GB'], max_parcel_weight_kg: 30, return: false });
    expect(carriers[0].services.filter((s: { return: boolean }) => s.return).map((s: { name: string }) => s.name)).toEqual(['Generic Returns GRTN']);
  });

  it('books once per consignment with the options the carrier applied, and voids', async () => {
    const api = h.api(company());
    const id = consignment();
    const body = { consignment_identifier: id, carrier: 'generic', request: request({ options: { signature_required: 'true', unknown_option: 'x' } }) };
    const first = await api.post('/carrier-bookings', body);
    expect([first.status, first.body.account]).toEqual([201, undefined]);
    expect(first.body).toMatchObject({
      booked: true, consignment_number: expect.stringMatching(/^GCN\d{10}$/), tracking_numbers: [expect.stringMatching(/^GC\d{12}$/), expect.stringMatching(/^GC\d{12}$/)],
      tracking_url: expect.stringMatching(/^https:\/\/waybill\.example\.com\/track\/generic\/GC\d{12}$/), applied_options: { signature_required: 'true' },
    });
    // The same request again (carrier-link restarted, the caller retried) answers the same booking.
    expect((await api.post('/carrier-bookings', body)).body).toEqual(first.body);
    // Its labels are drawn by Waybill, not stored: the carrier produced none.
    expect((await api.get(`/carrier-bookings/${id}/labels`)).status).toBe(409);
    expect((await api.delete(`/carrier-bookings/${id}?consignment_number=${first.body.consignment_number}`)).body).toEqual({ cancelled: true });
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
  });

  it("answers the carrier's refusal as its own words, for the caller to name the carrier", async () => {
    const res = await h.api(company()).post('/carrier-bookings', { consignment_identifier: consignment(), carrier: 'parcelink', request: request({ service: 'Parcelink Standard', kg: 12 }) });
    expect([res.status, res.body]).toEqual([422, {
      booked: false, rejection_reason: 'package 1 weighs 12 kg, over the 10 kg limit of Parcelink Standard', outcome_unknown: false, named: false,
    }]);
  });

  it('manifests once per manifest identifier, and answers a refusal', async () => {
    const api = h.api(company());
    const m = manifest('SW1A 2AA', 'GCN0000000001');
    const first = await api.post('/carrier-manifests', { carrier: 'generic', request: m });
    expect([first.status, first.body]).toEqual([201, { manifested: true, reference: expect.stringMatching(/^GENM\d{12}$/), scope: 'listed', document: null }]);
    expect((await api.post('/carrier-manifests', { carrier: 'generic', request: m })).body).toEqual(first.body);
    const refused = await api.post('/carrier-manifests', { carrier: 'generic', request: manifest('ZZ9 9ZZ', 'GCN0000000002') });
    expect([refused.status, refused.body]).toEqual([422, {
      manifested: false, rejection_reason: 'deliveries to ZZ9 9ZZ are under an embargo; consignment GCN0000000002 cannot be collected', outcome_unknown: false, named: false,
    }]);
  });

  it('says how to draw the labels of a carrier Waybill draws for, and that an account carrier\'s labels are its own', async () => {
    const api = h.api(company());
    const ends = { origin: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' }, destination: { address1: '1 Rue', city: 'Paris', postcode: '75001', country: 'FR' } };
    const drawn = await api.post('/carrier-label-designs', { carrier: 'Globex Worldwide', service: 'Globex Express Worldwide', ...ends, tracking_numbers: ['1ZAB1', '1ZAB2'] });
    expect([drawn.status, drawn.body.drawn_by_waybill, drawn.body.carrier, drawn.body.requires_customs]).toEqual([200, true, { identifier: 'globex', name: 'Globex Worldwide' }, true]);
    expect([drawn.body.design.brand, drawn.body.routing_codes.length, typeof drawn.body.sort_code]).toEqual([expect.any(String), 2, 'string']);
    const domestic = await api.post('/carrier-label-designs', { carrier: 'generic', service: 'Generic Next Day GNXT', ...ends, destination: { postcode: 'SW1A 2AA', country: 'GB' }, tracking_numbers: ['GC1'] });
    expect(domestic.body.requires_customs).toBe(false);
    expect((await api.post('/carrier-label-designs', { carrier: 'ups', service: 'UPS Standard', ...ends, tracking_numbers: ['1Z1'] })).body).toEqual({ drawn_by_waybill: false });
    expect((await api.post('/carrier-label-designs', { carrier: 'nobody', service: 'x', ...ends, tracking_numbers: ['1'] })).status).toBe(404);
    expect((await api.post('/carrier-label-designs', { carrier: 'generic', service: 'Generic Moon', ...ends, tracking_numbers: ['1'] })).status).toBe(400);
    expect((await api.post('/carrier-label-designs', { carrier: 'generic' })).body.errors).toHaveProperty('tracking_numbers');
  });
});
