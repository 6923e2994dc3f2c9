import express from 'express';
import type { Server } from 'node:http';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import { InProcessEventBus } from '@waybill/messaging';
import { InlineJobDriver } from '@waybill/jobs';
import type { RunningService } from '@waybill/http';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { startDeliveryOptionsService } from '../service';

const SECRET = 'sheet-secret';
const logger = createLogger('test', { level: 'silent' });
const GLOBEX = 'Globex Worldwide|Globex Economy Worldwide';
const SWIFT = 'SwiftPost|SwiftPost 24';
const RETURNS = 'Globex Worldwide|Globex Returns';

/** The consignment service's lookups: two carriers, one warehouse. */
function lookups(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get('/companies/acme/carrierservices', (_req, res) => {
    res.json([{ carrier_id: 'globex', identifier: GLOBEX, name: 'Globex Economy Worldwide' }, { carrier_id: 'swiftpost', identifier: SWIFT, name: 'SwiftPost 24' },
      { carrier_id: 'globex', identifier: RETURNS, name: 'Globex Returns', return: true }]);
  });
  app.get('/companies/acme/warehouses', (_req, res) => {
    res.json([{ identifier: 'acme|London', name: 'London', is_default: true, timezone: 'Europe/London', address: { country: 'GB' } }]);
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

const SHEET = {
  identifier: 'Globex 2027', service_id: GLOBEX.toLowerCase(), currency: 'gbp',
  zones: [{ name: 'UK', countries: ['gb'] }, { name: 'Highlands', countries: ['GB'], postcode_prefixes: ['iv', 'HS'] }],
  bands: [{ max_weight_kg: 2, prices: { UK: '3.10', Highlands: '7.00' } }, { max_weight_kg: 20, prices: { UK: '5.20', Highlands: '11.00' } }],
};

describe('rate sheets and POST /rates through the service', () => {
  let tdb: TestDatabase;
  let consignment: { url: string; server: Server };
  let svc: RunningService;
  let base: string;
  const bus = new InProcessEventBus({ logger });

  beforeAll(async () => {
    tdb = await createTestDatabase();
    consignment = await lookups();
    svc = await startDeliveryOptionsService({
      db: tdb.target, bus, jobs: new InlineJobDriver({ logger }), logger, internalJwtSecret: SECRET, peers: { consignment: consignment.url },
      defaultPublicUrl: 'http://localhost', port: 0, host: '127.0.0.1',
    }, { now: () => new Date('2026-03-10T09:00:00Z') });
    base = `http://127.0.0.1:${svc.port}/companies/acme`;
  });
  afterAll(async () => {
    await svc?.stop();
    await bus.close();
    consignment.server.close();
    await tdb.drop();
  });

  const call = async (path: string, method = 'GET', body?: unknown, principal = 'token:t1') => {
    const res = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${signInternalToken(SECRET, 'delivery-options', { company: 'acme', principal })}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (res.status === 204 ? undefined : await res.json()) as any };
  };
  const rule = (service_id: string, amount: string) => ({ name: amount, service_id, delivery_type: 'standard', price: { amount } });
  const checkout = async (postcode: string | null, weight: number) =>
    (await call('/delivery-options', 'POST', { recipient: { address: { country: 'GB', postcode } }, packages: [{ weight }] })).body.delivery_options
      .map((o: any) => [o.service_id, o.price.amount, o.price.source]);

  it('stores a sheet as normalised, lists and reads it, and refuses a second one for the service', async () => {
    const created = await call('/rate-sheets', 'POST', SHEET);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String), identifier: 'Globex 2027', service_id: GLOBEX, currency: 'GBP',
      zones: [{ name: 'UK', countries: ['GB'], postcode_prefixes: [] }, { name: 'Highlands', countries: ['GB'], postcode_prefixes: ['IV', 'HS'] }],
    });
    expect((await call('/rate-sheets')).body).toEqual([created.body]);
    expect((await call(`/rate-sheets/${created.body.id}`)).body).toEqual(created.body);
    const again = await call('/rate-sheets', 'POST', { ...SHEET, identifier: 'copy' });
    expect(again.status).toBe(400);
    expect(again.body.errors.service_id[0]).toContain(created.body.id);
    await call(`/rate-sheets/${created.body.id}`, 'DELETE');
  });

  it('answers 400 naming each bad value, and stores nothing', async () => {
    const bad = await call('/rate-sheets', 'POST', {
      ...SHEET, service_id: 'Nope|Nothing',
      zones: [{ name: 'UK', countries: ['XX'] }, { name: 'UK', countries: ['FR'] }],
      bands: [{ max_weight_kg: 5, prices: { UK: '1.00', Mars: '2.00' } }, { max_weight_kg: 2, prices: { UK: '1.00' } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('service_id: carrier service "Nope|Nothing" not found.');
    expect(bad.body.errors).toEqual({
      service_id: ['carrier service "Nope|Nothing" not found.'],
      'zones.0.countries.0': ['"XX" is not an ISO 3166-1 alpha-2 country code.'],
      'zones.1.name': ['zone "UK" is defined twice.'],
      'bands.0.prices.Mars': ['zone "Mars" is not defined in zones.'],
      'bands.1.max_weight_kg': ['2 is not above the band before (5): bands must be in ascending order of max_weight_kg.'],
    });
    const price = await call('/rate-sheets', 'POST', { ...SHEET, bands: [{ max_weight_kg: 1, prices: { UK: '4,95' } }] });
    expect(price.body.errors['bands.0.prices.UK']).toEqual(['"4,95": Enter a decimal number such as "12.50".']);
    const overlap = await call('/rate-sheets', 'POST', { ...SHEET, zones: [...SHEET.zones, { name: 'Also UK', countries: ['GB'] }] });
    expect(overlap.body.errors['zones.2']).toEqual(['"GB" is already in zone "UK".']);
    expect((await call('/rate-sheets')).body).toEqual([]);
    expect((await call('/rate-sheets/not-a-uuid')).status).toBe(404);
    expect((await call('/rate-sheets', 'PATCH', {})).status).toBe(405);
  });

  it('prices checkout from the sheet where it covers the parcel, from the rule elsewhere, on the next request', async () => {
    await call('/delivery-rules', 'POST', rule(GLOBEX, '9.00'));
    await call('/delivery-rules', 'POST', rule(SWIFT, '4.00'));
    expect(await checkout('SW1A 2AA', 1)).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '9.00', 'rule']]);
    const sheet = (await call('/rate-sheets', 'POST', SHEET)).body;
    expect(await checkout('SW1A 2AA', 1)).toEqual([[GLOBEX, '3.10', 'rate_sheet'], [SWIFT, '4.00', 'rule']]);
    expect(await checkout('IV2 3AB', 1)).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '7.00', 'rate_sheet']]);
    expect(await checkout('IV2 3AB', 25)).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '9.00', 'rule']]);
    const replaced = await call(`/rate-sheets/${sheet.id}`, 'PUT', { ...sheet, bands: [{ max_weight_kg: 30, prices: { UK: '2.00' } }] });
    expect(replaced.status).toBe(200);
    expect(await checkout('IV2 3AB', 25)).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '9.00', 'rule']]);
    expect(await checkout('SW1A 2AA', 25)).toEqual([[GLOBEX, '2.00', 'rate_sheet'], [SWIFT, '4.00', 'rule']]);
    // Allocation by rules, preference cheapest (the consignment service books the first candidate): the same prices.
    const candidates = async () => (await call('/allocation-candidates', 'POST', { recipient: { address: { country: 'GB', postcode: 'SW1A 2AA' } }, packages: [{ weight: 25 }] }, 'service:consignment')).body;
    expect(await candidates()).toMatchObject({ preference: 'cheapest', candidates: [{ service_id: GLOBEX, price: '2.00' }, { service_id: SWIFT, price: '4.00' }] });
    expect((await call(`/rate-sheets/${sheet.id}`, 'DELETE')).status).toBe(204);
    expect(await checkout('SW1A 2AA', 25)).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '9.00', 'rule']]);
    expect((await candidates()).candidates.map((c: { service_id: string }) => c.service_id)).toEqual([SWIFT, GLOBEX]);
  });

  it('POST /rates: every service with a price, cheapest first, with its source, and a carrier without one in errors', async () => {
    const sheet = (await call('/rate-sheets', 'POST', { ...SHEET, zones: [...SHEET.zones, { name: 'France', countries: ['FR'] }], bands: [{ max_weight_kg: 20, prices: { UK: '3.10', Highlands: '7.00', France: '12.00' } }] })).body;
    const ask = async (body: unknown) => call('/rates', 'POST', body);
    // A returns service is never in a comparison, however cheap its rule.
    await call('/delivery-rules', 'POST', { ...rule(RETURNS, '1.00'), conditions: { countries: ['FR'] } });
    const uk = await ask({ destination: { country: 'United Kingdom', postcode: 'SW1A 2AA' }, packages: [{ weight: 1 }, { weight: 500, weight_unit: 'g' }] });
    expect(uk.status).toBe(200);
    expect(uk.body).toEqual({
      rates: [
        { service_id: SWIFT, carrier_id: 'swiftpost', carrier: 'SwiftPost', service_name: 'SwiftPost 24', price: { amount: '4.00', currency: 'GBP', source: 'rule' }, estimated_delivery_date: '2026-03-12', delivery_type: 'standard' },
        { service_id: GLOBEX, carrier_id: 'globex', carrier: 'Globex Worldwide', service_name: 'Globex Economy Worldwide', price: { amount: '6.20', currency: 'GBP', source: 'rate_sheet' }, estimated_delivery_date: '2026-03-12', delivery_type: 'standard' },
      ],
      errors: [],
    });
    // The rules above have no countries: they go anywhere.
    const fr = await ask({ origin: { country: 'GB' }, destination: { country: 'FR' }, packages: [{ weight: 2 }] });
    expect(fr.body.rates.map((r: any) => [r.service_id, r.price.amount, r.price.source])).toEqual([[SWIFT, '4.00', 'rule'], [GLOBEX, '12.00', 'rate_sheet']]);
    await call(`/rate-sheets/${sheet.id}`, 'DELETE');
    const rules = (await call('/delivery-rules')).body as Array<{ id: string }>;
    for (const r of rules) await call(`/delivery-rules/${r.id}`, 'DELETE');
    await call('/delivery-rules', 'POST', { ...rule(SWIFT, '4.00'), conditions: { countries: ['GB'] } });
    await call('/rate-sheets', 'POST', { ...SHEET, zones: [{ name: 'France', countries: ['FR'] }], bands: [{ max_weight_kg: 5, prices: { France: '12.00' } }] });
    const onlySheet = await ask({ destination: { country: 'FR', postcode: '75001' }, packages: [{ weight: 2 }], shipping_date: '2026-03-11' });
    expect(onlySheet.body).toEqual({
      rates: [{ service_id: GLOBEX, carrier_id: 'globex', carrier: 'Globex Worldwide', service_name: 'Globex Economy Worldwide', price: { amount: '12.00', currency: 'GBP', source: 'rate_sheet' }, estimated_delivery_date: null, delivery_type: null }],
      errors: [{ carrier_id: 'swiftpost', detail: 'No live rate, rate sheet or delivery rule of this carrier\'s services prices these parcels to FR 75001.' }],
    });
  });

  it('POST /rates: 400 naming the field for bad input', async () => {
    const ask = async (body: unknown) => (await call('/rates', 'POST', body)).body;
    expect(await ask({ destination: { country: 'Atlantis' }, packages: [{ weight: 1 }] })).toMatchObject({ detail: 'destination.country: Enter a valid country.' });
    expect((await ask({ destination: { country: 'GB' }, packages: [] })).errors).toHaveProperty('packages');
    expect((await ask({ destination: { country: 'GB' }, packages: [{ weight: -1 }] })).errors).toHaveProperty(['packages.0.weight']);
    expect((await ask({ destination: { country: 'GB' } })).errors).toHaveProperty('packages');
    expect((await ask({ origin: { country: 'GB' }, warehouse_id: 'London', destination: { country: 'GB' }, packages: [{ weight: 1 }] })).errors).toEqual({ origin: ['Give origin or warehouse_id, not both.'] });
    expect((await ask({ warehouse_id: 'Paris', destination: { country: 'GB' }, packages: [{ weight: 1 }] })).errors).toEqual({ warehouse_id: ['warehouse "Paris" not found.'] });
    expect((await ask({ destination: { country: 'GB' }, packages: [{ weight: 1 }], shipping_date: '2031-01-01' })).errors).toHaveProperty('shipping_date');
    expect((await call('/rates', 'GET')).status).toBe(405);
  });

  it('imports a CSV as the service\'s sheet, then replaces that sheet with the next import', async () => {
    for (const s of (await call('/rate-sheets')).body as Array<{ id: string }>) await call(`/rate-sheets/${s.id}`, 'DELETE');
    const csv = 'zone,countries,postcode_prefixes,max_weight_kg,price\nUK,GB,,2,3.10\nHighlands,GB,IV HS,2,7.00\n';
    const first = await call('/rate-sheets/import', 'POST', { service_id: GLOBEX, csv, volumetric_divisor: 5000 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ identifier: `${GLOBEX} rates`, currency: 'GBP', volumetric_divisor: 5000, bands: [{ max_weight_kg: 2, prices: { UK: '3.10', Highlands: '7.00' } }] });
    const second = await call('/rate-sheets/import', 'POST', { service_id: GLOBEX, csv: csv.replace('3.10', '2.95') });
    expect([second.status, second.body.id, second.body.bands[0].prices.UK, second.body.volumetric_divisor]).toEqual([200, first.body.id, '2.95', 5000]);
    // 1 kg in a 30 × 20 × 20 cm box is 2.4 kg by volume: no band of this sheet, so the rule prices it.
    await call('/delivery-rules', 'POST', rule(GLOBEX, '9.00'));
    const box = (await call('/delivery-options', 'POST', { recipient: { address: { country: 'GB' } }, packages: [{ weight: 1, length: 30, width: 20, height: 20 }] })).body;
    expect(box.delivery_options.find((o: any) => o.service_id === GLOBEX)?.price).toEqual({ amount: '9.00', currency: 'GBP', source: 'rule' });
    expect((await call('/rates', 'POST', { destination: { country: 'GB' }, packages: [{ weight: 1, length: 10, width: 10, height: 10 }] })).body.rates.find((r: any) => r.service_id === GLOBEX)?.price)
      .toEqual({ amount: '2.95', currency: 'GBP', source: 'rate_sheet' });
    const bad = await call('/rate-sheets/import', 'POST', { service_id: GLOBEX, csv: csv + 'UK,,,5,cheap\n' });
    expect([bad.status, bad.body.detail]).toEqual([400, 'csv.line 4: price "cheap" is not a decimal amount such as 4.95.']);
    expect((await call('/rate-sheets/import', 'POST', { csv })).body.errors).toHaveProperty('service_id');
    expect((await call('/rate-sheets')).body).toHaveLength(1);
  });
});
