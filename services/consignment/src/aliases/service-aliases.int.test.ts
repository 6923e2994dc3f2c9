import request from 'supertest';
import type { Express } from 'express';
import type { Harness } from '../test-support';
import { bearer, claimHarness } from '../manifests/manifest-claim.fixture';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const SP24 = 'SwiftPost|SwiftPost 24';

const order = (extra: Record<string, unknown>) => ({
  order_number: `MIG-${Math.random().toString(36).slice(2, 8)}`,
  recipient: { name: 'Ada', address: { address1: '1 High St', city: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' } },
  packages: [{ weight: 1 }],
  ...extra,
});

/** docs/api/consignments.md#service-aliases: an integration moving from another platform keeps sending its old service names. */
describe('service aliases (consignment service)', () => {
  let h: Harness;
  let app: Express;
  beforeAll(async () => {
    h = await claimHarness();
    app = h.app;
  });
  afterAll(() => h.close());

  const as = (company: string) => bearer(company, 'token:1');
  const put = (map: unknown, company = 'acme') => request(app).put(`/companies/${company}/service-aliases`).set('authorization', as(company)).send(map as object);
  const getAliases = (company = 'acme') => request(app).get(`/companies/${company}/service-aliases`).set('authorization', as(company));
  const create = (bodies: unknown[], company = 'acme') => request(app).post(`/companies/${company}/consignments`).set('authorization', as(company)).send(bodies);
  const read = async (id: string) => (await request(app).get(`/companies/acme/consignment/${id}`).set('authorization', as('acme'))).body;

  it('starts empty, and PUT replaces the map, answering it with each target spelled as /carrierservices spells it', async () => {
    expect((await getAliases()).body).toEqual({});
    const res = await put({ 'Hermes|UK Standard Delivery': 'generic carrier|generic domestic service gdom', Yodel: SP24, 'Fastway|Parcel': GDOM });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ 'Hermes|UK Standard Delivery': GDOM, Yodel: SP24, 'Fastway|Parcel': GDOM });
    expect((await getAliases()).body).toEqual(res.body);
  });

  it('reads a service_id or carrier equal to a key (ignoring case) as its service, on create and on PUT', async () => {
    const res = await create([
      order({ service_id: 'Hermes|UK Standard Delivery' }),
      order({ carrier: 'Yodel' }),
      order({ service_id: '  HERMES|uk standard delivery ', carrier: 'Yodel' }),
      order({ carrier: 'yodel', service_id: null }),
    ]);
    expect(res.body.errors).toEqual({});
    const [a, b, c, d] = await Promise.all(res.body.success.map(read));
    expect(a).toMatchObject({ service_id: GDOM, carrier: 'Generic Carrier', service: 'Generic Domestic Service GDOM', current_status: { status: 'Allocated' } });
    expect(b).toMatchObject({ service_id: SP24, carrier: 'SwiftPost', service: 'SwiftPost 24', current_status: { status: 'Allocated' } });
    expect(c).toMatchObject({ service_id: GDOM, carrier: 'Generic Carrier' });
    expect(d).toMatchObject({ service_id: SP24, carrier: 'SwiftPost' });
    expect(a.recipient.address.country).toBe('GB');
    const changed = await request(app).put(`/companies/acme/consignment/${a.identifier}`).set('authorization', as('acme'))
      .send({ ...a, service_id: 'Yodel' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ service_id: SP24, carrier: 'SwiftPost', service: 'SwiftPost 24', current_status: { status: 'Allocated' } });
  });

  it('refuses a target that is not one of the company\'s services, and a key that is one, naming the key; nothing changes', async () => {
    const before = (await getAliases()).body;
    const bad = await put({ Yodel: SP24, 'DPD|Next Day': 'DPD|Next Day', [GDOM]: SP24, 'SwiftPost|SwiftPost 48': GDOM });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('DPD|Next Day: "DPD|Next Day" is not one of the company\'s services (GET /carrierservices lists them).');
    expect(Object.keys(bad.body.errors)).toEqual(['DPD|Next Day', GDOM, 'SwiftPost|SwiftPost 48']);
    expect((await put({ yodel: SP24, YODEL: GDOM })).body.detail).toBe('YODEL: The same alias as "yodel": aliases are matched ignoring case.');
    expect((await put({ auto: GDOM })).body.detail).toMatch(/^auto: "auto" is reserved/);
    expect((await put({ Yodel: 42 })).body.detail).toBe('Yodel: Not a valid string.');
    expect((await put(['Yodel'])).status).toBe(400);
    // Another company's services are not this company's: globex is enabled for acme only.
    expect((await put({ Globex: 'Globex Worldwide|Globex Express Worldwide' }, 'other')).status).toBe(400);
    expect((await getAliases()).body).toEqual(before);
  });

  it('says which alias points at a service the company no longer has, and {} removes every alias', async () => {
    // As if the carrier had been withdrawn from the company since the alias was set.
    await h.database.db.insertInto('service_aliases')
      .values({ company: 'other', alias_key: 'legacy', alias: 'Legacy', target: 'Parcelink|Parcelink Standard', position: 0 }).execute();
    expect((await getAliases('other')).body).toEqual({ Legacy: 'Parcelink|Parcelink Standard' });
    expect((await create([order({ service_id: 'legacy' })], 'other')).body.errors)
      .toEqual({ 0: ['service_id: "legacy" is an alias of "Parcelink|Parcelink Standard", which is not one of the company\'s services.'] });
    expect((await put({})).body).toEqual({});
    expect((await getAliases()).body).toEqual({});
    expect((await create([order({ service_id: 'Hermes|UK Standard Delivery' })])).body.errors)
      .toEqual({ 0: ['service_id: carrier service "Hermes|UK Standard Delivery" not found.'] });
  });
});
