import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@waybill/testing';
import { availableModes, startStack, type Mode, type Stack } from './support/stack';
import { client } from './support/client';
import { NORWAY, deliveryOptions, norwayRule } from './support/delivery';
import { ROOT } from './support/processes';

const ECONOMY = 'Globex Worldwide|Globex Economy Worldwide';
/** Globex Economy to Norway: Oslo (postcodes 0…) dearer than the rest, parcels up to 5 kg. */
const SHEET = {
  identifier: 'Globex Nordic 2027', service_id: ECONOMY, currency: 'GBP',
  zones: [{ name: 'Norway', countries: ['NO'] }, { name: 'Oslo', countries: ['NO'], postcode_prefixes: ['0'] }],
  bands: [{ max_weight_kg: 1, prices: { Norway: '6.10', Oslo: '8.75' } }, { max_weight_kg: 5, prices: { Norway: '7.40', Oslo: '9.90' } }],
};
const CSV = 'zone,countries,postcode_prefixes,max_weight_kg,price\nNorway,NO,,5,5.55\nOslo,NO,0,5,6.66\n';

describe.each(availableModes())('rate sheets and rates (%s)', (mode: Mode) => {
  const work = mkdtempSync(join(tmpdir(), 'waybill-rates-'));
  // The one-process demo's own DATA_DIR, kept across a restart: the CLI works on it only while it is stopped.
  const ENV: Record<string, string> = mode === 'one-process' ? { DATA_DIR: join(work, 'data') } : {};
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let quotes: ReturnType<typeof deliveryOptions>;
  const norway = async (weight = 1) => (await quotes.post({ ...NORWAY, packages: [{ weight }] })).body.delivery_options.map((o: any) => [o.service_id, o.price]);
  const start = async () => {
    stack = await startStack(mode, ENV);
    api = client(stack);
    quotes = deliveryOptions(stack);
  };
  beforeAll(start);
  afterAll(async () => {
    await stack?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('prices checkout from the service\'s rate sheet where it covers the parcel, from the rule elsewhere', async () => {
    expect((await api.post('/delivery-rules', norwayRule('12.50'))).status).toBe(201);
    expect(await norway()).toEqual([[ECONOMY, { amount: '12.50', currency: 'GBP', source: 'rule' }]]);
    const created = await api.post('/rate-sheets', SHEET, { auth: 'basic' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), service_id: ECONOMY, zones: [{ postcode_prefixes: [] }, { postcode_prefixes: ['0'] }] });
    expect(await norway(1)).toEqual([[ECONOMY, { amount: '8.75', currency: 'GBP', source: 'rate_sheet' }]]);
    expect((await quotes.post({ recipient: { address: { country: 'NO', postcode: '5003' } }, packages: [{ weight: 3 }] })).body.delivery_options[0].price)
      .toEqual({ amount: '7.40', currency: 'GBP', source: 'rate_sheet' });
    // 12 kg: in no band of the sheet, so the rule prices it.
    expect(await norway(12)).toEqual([[ECONOMY, { amount: '12.50', currency: 'GBP', source: 'rule' }]]);
    expect((await api.get('/rate-sheets')).body).toEqual([created.body]);
  });

  it('refuses a bad sheet with 400 naming the bad value', async () => {
    const bad = await api.post('/rate-sheets', { ...SHEET, service_id: 'Nope|Nothing', bands: [{ max_weight_kg: 5, prices: { Norway: '1.00' } }, { max_weight_kg: 1, prices: { Sweden: '2' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('service_id: carrier service "Nope|Nothing" not found.');
    expect(bad.body.errors).toMatchObject({
      'bands.1.max_weight_kg': ['1 is not above the band before (5): bands must be in ascending order of max_weight_kg.'],
      'bands.1.prices.Sweden': ['zone "Sweden" is not defined in zones.'],
    });
    expect((await api.get('/rate-sheets')).body).toHaveLength(1);
    expect((await api.get('/rate-sheets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const elsewhere = client(stack, '/_api/v1/company/someone-else');
    expect([(await elsewhere.get('/rate-sheets')).status, (await elsewhere.post('/rates', {})).status]).toEqual([403, 403]);
    expect((await api.get('/rate-sheets', { auth: { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } })).status).toBe(401);
  });

  it('POST /rates: every service that can carry the parcels, cheapest first, and why the others cannot', async () => {
    const answer = await api.post('/rates', { destination: { country: 'Norway', postcode: '0150' }, packages: [{ weight: 800, weight_unit: 'g' }, { weight: 1 }] });
    expect(answer.status).toBe(200);
    expect(answer.body.rates).toEqual([{
      service_id: ECONOMY, carrier_id: 'globex', carrier: 'Globex Worldwide', service_name: 'Globex Economy Worldwide',
      price: { amount: '17.50', currency: 'GBP', source: 'rate_sheet' }, estimated_delivery_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), delivery_type: 'standard',
    }]);
    expect(answer.body.errors).toEqual(expect.arrayContaining([{ carrier_id: 'swiftpost', detail: 'No live rate, rate sheet or delivery rule of this carrier\'s services prices these parcels to NO 0150.' }]));
    const gb = await api.post('/rates', { origin: { country: 'GB' }, destination: { country: 'GB', postcode: 'SW1A 2AA' }, packages: [{ weight: 1, length: 20, width: 10, height: 5 }] }, { auth: 'basic' });
    const amounts = gb.body.rates.map((r: any) => Number(r.price.amount));
    expect(amounts.length).toBeGreaterThan(2);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(gb.body.rates.map((r: any) => r.service_id)).size).toBe(amounts.length);
    const bad = await api.post('/rates', { destination: { country: 'Atlantis' }, packages: [{ weight: 'heavy' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['destination.country', 'packages.0.weight']);
  });

  it('imports a CSV with the CLI, and checkout prices with it', async () => {
    const file = join(work, 'globex-nordic.csv');
    writeFileSync(file, CSV);
    if (mode === 'one-process') await stack.stop();
    const storage = mode === 'one-process' ? { DATA_DIR: ENV.DATA_DIR, DATABASE_URL: '' } : { DATABASE_URL: stack.databaseUrl! };
    const cli = spawnSync(process.execPath, ['--enable-source-maps', 'infra/admin/dist/main.js', 'rate-sheets', 'import', stack.creds.company, file, '--service', ECONOMY], {
      cwd: ROOT, env: { ...process.env, ...storage, LOG_LEVEL: 'warn' }, encoding: 'utf8', timeout: 120_000,
    });
    expect([cli.status, cli.stderr]).toEqual([0, '']);
    expect(JSON.parse(cli.stdout)).toMatchObject({ identifier: 'Globex Nordic 2027', bands: [{ max_weight_kg: 5, prices: { Norway: '5.55', Oslo: '6.66' } }] });
    if (mode === 'one-process') await start();
    await eventually(async () => JSON.stringify(await norway()) === JSON.stringify([[ECONOMY, { amount: '6.66', currency: 'GBP', source: 'rate_sheet' }]]), { what: 'the imported prices at checkout', timeoutMs: 15_000 });
  });

  it('records each sheet change in the audit log', async () => {
    const sheet = (await api.get('/rate-sheets')).body[0];
    expect((await api.put(`/rate-sheets/${sheet.id}`, { ...sheet, identifier: 'renamed' })).status).toBe(200);
    expect((await api.call('DELETE', `/rate-sheets/${sheet.id}`)).status).toBe(204);
    expect(await norway()).toEqual([[ECONOMY, { amount: '12.50', currency: 'GBP', source: 'rule' }]]);
    const log = (await api.get('/audit-log')).body.results.map((e: any) => [e.actor, e.action, e.target]).filter((e: string[]) => e[1].startsWith('rate_sheet.'));
    expect(log).toEqual([
      ['token:demo token', 'rate_sheet.deleted', sheet.id],
      ['token:demo token', 'rate_sheet.replaced', sheet.id],
      [expect.stringMatching(/^cli/), 'rate_sheet.imported', sheet.id],
      [stack.creds.user, 'rate_sheet.created', sheet.id],
    ]);
  });
});
