import { randomBytes } from 'node:crypto';
import { readPdf } from '@waybill/testing';
import { withRoyalMailAndDhl } from '../doubles.test-support';

/** Manifests submitted to a real carrier through carrier-link: Royal Mail Click & Drop's, which covers the whole account. */
const RM = { apiKey: 'rm-key-manifest-0001', oba: true };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const hex = () => randomBytes(16).toString('hex');
const origin = { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' };
const booking = (serviceName: string) => ({
  orderNumber: `ORDER-${randomBytes(2).toString('hex')}`, serviceName, options: {}, origin,
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
  parcels: [{ weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }],
  destinationContact: { phone: '07700 900123' },
});
const manifest = (manifestId: string, numbers: string[]) => ({
  carrier: 'royalmail',
  request: {
    manifestId, origin, collectionDate: '2030-01-02',
    consignments: numbers.map((n) => ({ consignmentNumber: n, trackingNumbers: [n], destination: { postcode: 'SW1A 2AA', country: 'GB' }, parcelCount: 1, weightKg: 1 })),
  },
});

describe('carrier manifests through carrier-link', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => { t = await withRoyalMailAndDhl([RM], []); });
  afterAll(() => t?.close());
  afterEach(() => expect(t.rm.violations).toEqual([]));

  it("manifests every labelled order of the account at Click & Drop once, answering Royal Mail's PDF and its scope", async () => {
    const api = t.h.api(company());
    await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
    const numbers: string[] = [];
    for (const service of ['Royal Mail Tracked 24', 'Royal Mail Tracked 48']) {
      numbers.push((await api.post('/carrier-bookings', { consignment_identifier: hex(), carrier: 'royalmail', request: booking(service) })).body.consignment_number);
    }
    const id = hex();
    const first = await api.post('/carrier-manifests', manifest(id, numbers.slice(0, 1)));
    expect([first.status, first.body.manifested, first.body.scope]).toEqual([201, true, 'account']);
    expect(first.body.reference).toMatch(/^RM-\d+$/);
    expect((await readPdf(Buffer.from(first.body.document, 'base64'))).pages.length).toBeGreaterThan(0);
    const made = [...t.rm.state.manifests.values()].filter((m) => m.apiKey === RM.apiKey);
    expect(made).toHaveLength(1);
    expect(made[0].orders).toHaveLength(2);
    const again = await api.post('/carrier-manifests', manifest(id, numbers.slice(0, 1)));
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect([...t.rm.state.manifests.values()].filter((m) => m.apiKey === RM.apiKey)).toHaveLength(1);
  });

  it('refuses without an account and answers a malformed body with a 400 naming the field', async () => {
    const api = t.h.api(company());
    expect((await api.post('/carrier-manifests', manifest(hex(), ['TT000000001GB']))).body)
      .toEqual({ manifested: false, rejection_reason: 'Royal Mail: this company has no enabled Royal Mail account', outcome_unknown: false });
    const bad = await api.post('/carrier-manifests', { carrier: 'royalmail', request: { manifestId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^request\.manifestId: /);
  });
});
