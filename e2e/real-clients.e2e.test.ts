import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { eventually } from '@waybill/testing';
import { availableModes, E2E_DATA_ENCRYPTION_KEY, startStack, type Stack } from './support/stack';
import { client, type Auth } from './support/client';
import { pdfPages } from './support/documents';
import { deliveryOptions } from './support/delivery';

/**
 * Existing Scurri integrations, replayed as they really send (issue 15, docs/api/consignments.md): only the base URL
 * changes. Each flow sends what that kind of client sends and checks what that client reads back.
 */
const USER = 'ops+eu@shop.example';
const PASSWORD = 'Pa:ss^wörd:€1';
const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const SP24 = 'SwiftPost|SwiftPost 24';
const DUPLICATE = 'identifier: A consignment with this identifier already exists.';
const ROOT = resolve(__dirname, '..');
const SLUG = 'demo-co';
const WAREHOUSE = `${SLUG}|London DC`;

const ADDRESS = { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' };

describe.each(availableModes())('real Scurri clients moving over unchanged (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const basic: Auth = { header: `Basic ${Buffer.from(`${USER}:${PASSWORD}`, 'utf8').toString('base64')}` };

  beforeAll(async () => {
    stack = await startStack(mode, mode === 'one-process' ? { LOG_LEVEL: 'debug' } : {}, { creds: { user: USER, password: PASSWORD } });
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  if (mode === 'one-process') {
    it('prints in its banner no credential it was given, and logs none while starting (at debug level)', () => {
      const output = stack.procs[0].output();
      expect(output).toContain('(from DEMO_API_TOKEN)');
      expect(output).toContain('(from DEMO_USER) / (from DEMO_PASSWORD)');
      for (const secret of [stack.creds.apiToken, PASSWORD, stack.creds.deliveryOptionsKey, stack.creds.carrierSecret]) expect(output).not.toContain(secret);
    });
  }

  const read = async (path: string, auth: Auth = 'token') => {
    const res = await api.get(path, { auth });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('(a) Rails: Basic auth, a batch with a null element, carrier beside service_id, BigDecimal strings, weight 0, then documents', async () => {
    const element = (n: number) => ({
      order_number: `R-${n}-${Date.now()}`,
      carrier: 'swiftpost',
      service_id: GDOM,
      order_value: '19.99',
      currency: 'GBP',
      recipient: { name: 'Ada Lovelace', email_address: 'ada@example.com', address: ADDRESS },
      // Ruby's 900 / 1000 is 0: the weight in kg of a light parcel, as an integer.
      packages: [{ weight: 0, weight_unit: 'kg', length: '30.0', width: '20.0', height: '10.0', dimensions_unit: 'cm',
        items: [{ name: 'Mug', sku: 'MUG-1', quantity: 1, value: '19.99', weight: '0.9' }] }],
    });
    const res = await api.call('POST', `${stack.baseUrl}/v1/company/${SLUG}/consignments/`, { body: [element(1), null, element(2)], auth: basic });
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(2);
    expect(res.body.errors).toEqual({ 1: ['Invalid data. Expected a dictionary, but got null.'] });
    for (const id of res.body.success) {
      const docs = await api.call('GET', `${stack.baseUrl}/v1/company/${SLUG}/consignment/${id}/documents/`, { auth: basic });
      expect(docs.status).toBe(200);
      expect(docs.body.label_format).toBe('application/pdf');
      expect(await pdfPages(docs.body.labels)).toHaveLength(1);
      const c = await read(`/v1/company/${SLUG}/consignment/${id}/`, basic);
      expect(c).toMatchObject({ carrier: 'Generic Carrier', service_id: GDOM, order_value: 19.99, current_status: { status: 'Printed', rejection_reason: null } });
      expect(c.packages[0]).toMatchObject({ weight: 0, length: 30, width: 20, height: 10, tracking_number: expect.any(String) });
      expect(c.packages[0].items[0]).toMatchObject({ quantity: 1, value: 19.99, weight: 0.9 });
    }
  });

  it('(b) PHP from a database: every number a string, "" for absent values, its own identifier kept, trailing slashes, then documents, GET and manifest by it', async () => {
    const row = {
      identifier: '48213', order_number: `P-${Date.now()}`, create_date: '2026-11-26 09:15:00', expected_delivery_date: '', carrier: '',
      service_id: 'SwiftPost|SwiftPost 24', warehouse_id: WAREHOUSE, shipping_method: '', shipping_date: '', order_value: '42.50', currency: 'GBP',
      delivery_instructions: '', custom_field_1: '', custom_field_2: '', origin_order_reference: '1001',
      recipient: {
        name: 'Grace Hopper', first_name: '', last_name: '', company_name: '', email_address: '', contact_number: '', tax_identifier: '', eori_number: '',
        address: { address1: '1 High Street', address2: '', address3: '', city: 'Leeds', state: '', postcode: 'LS1 1AA', country: 'GB', store_code: '' },
      },
      packages: [{ description: '', weight: '1.5', weight_unit: 'kg', length: '30', width: '20', height: '10', dimensions_unit: 'cm', reference: '',
        items: [{ name: 'Book', sku: '', quantity: '2', value: '21.25', harmonisation_code: '', country_of_origin: '', weight: '0.750', vat_rate: '', fabric_content: '', import_type: '', mid_code: '', reference: '', taric_condition: '' }] }],
    };
    const created = await api.post(`/_api/v1/company/${SLUG}/consignments/`, [row]);
    expect(created.status).toBe(200);
    expect(created.body.errors).toEqual({});
    const [id] = created.body.success;
    expect(id).toBe('48213');
    const docs = await api.get(`/_api/v1/company/${SLUG}/consignment/${id}/documents/?documenttype=application/pdf&label_quantity=1&invoice_quantity=3`);
    expect(docs.status).toBe(200);
    expect(docs.body.invoices).toBeNull();
    const c = await read(`/_api/v1/company/${SLUG}/consignment/${id}/`);
    expect(c.current_status.rejection_reason).toBeNull();
    expect(c.consignment_number).toEqual(expect.any(String));
    expect(c).toMatchObject({
      identifier: id, order_value: 42.5, shipping_date: null, expected_delivery_date: null, delivery_instructions: null,
      recipient: { email_address: null, address: { address2: null, postcode: 'LS1 1AA' } },
      current_status: { status: 'Printed' },
    });
    expect(c.packages[0]).toMatchObject({ weight: 1.5, length: 30, width: 20, height: 10 });
    expect(c.packages[0].items[0]).toMatchObject({ quantity: 2, value: 21.25, weight: 0.75, sku: null });
    const manifest = await api.post(`/_api/v1/company/${SLUG}/manifest/`, { consignment_ids: [id], carrier_id: 'swiftpost', warehouse_id: WAREHOUSE });
    expect(manifest.status).toBe(201);
    expect(manifest.body.identifier).toEqual(expect.any(String));
    expect((await read(`/_api/v1/company/${SLUG}/consignment/${id}/`)).current_status.status).toBe('Manifested');
  });

  it('(c) Laravel: no service at all, documents allocate by the rules, then the carrier, service, number and tracking URL', async () => {
    const created = await api.post('/consignments', [{
      order_number: `L-${Date.now()}`, recipient: { name: 'Alan Turing', address: { ...ADDRESS, postcode: 'M1 1AE', city: 'Manchester' } },
      packages: [{ weight: 2, items: [{ name: 'Kettle', quantity: 1, value: 30 }] }],
    }]);
    const [id] = created.body.success;
    expect((await read(`/consignment/${id}`)).current_status.status).toBe('Unallocated');
    const docs = await api.get(`/consignment/${id}/documents`);
    expect(docs.status).toBe(200);
    const c = await read(`/consignment/${id}`);
    expect(c.carrier).toEqual(expect.any(String));
    expect(c.service).toEqual(expect.any(String));
    expect(c.service_id).toBe(`${c.carrier}|${c.service}`);
    expect(c.consignment_number).toEqual(expect.any(String));
    expect(c.tracking_url).toMatch(/^https?:\/\//);
    expect(c.current_status).toEqual({ status: 'Printed', short_form: 'printed', rejection_reason: null });
  });

  it('(d) .NET: every absent property an explicit null, dates without a zone, then GET, change and PUT the same object (as text/json)', async () => {
    const item = { name: 'Lamp', sku: null, quantity: 1, value: 49.99, harmonisation_code: null, country_of_origin: null, weight: null, vat_rate: null, fabric_content: null, import_type: null, mid_code: null, reference: null, taric_condition: null };
    const body = {
      identifier: null, order_number: `N-${Date.now()}`, create_date: '2026-11-26T09:30:00', expected_delivery_date: '2026-11-28', carrier: null,
      service_id: 'Generic Carrier|Generic Next Day GNXT', warehouse_id: null, shipping_method: null, shipping_date: null, order_value: 49.99, currency: null,
      delivery_instructions: null, custom_field_1: null, custom_field_2: null, origin_order_reference: null,
      recipient: { name: 'Ada Byron', first_name: null, last_name: null, company_name: null, email_address: null, contact_number: null, tax_identifier: null, eori_number: null,
        address: { address1: '1 Main St', address2: null, address3: null, city: 'Bath', state: null, postcode: 'BA1 1AA', country: 'GB', store_code: null } },
      packages: [{ description: null, weight: 1.25, weight_unit: null, length: null, width: null, height: null, dimensions_unit: null, reference: null, tracking_number: null, items: [item] }],
      export_customs: null, options: null, invoice: null, custom_attributes: null, current_status: null, service: null, consignment_number: null, tracking_url: null,
    };
    const created = await api.post('/consignments', [body], { headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(created.body.errors).toEqual({});
    const [id] = created.body.success;
    const c = await read(`/consignment/${id}`);
    expect(new Date(c.create_date).toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(c).toMatchObject({ expected_delivery_date: '2026-11-28', shipping_method: null, currency: null, options: {}, invoice: null, custom_attributes: null, current_status: { status: 'Allocated' } });
    expect(c).not.toHaveProperty('export_customs');
    expect(c.packages[0].tracking_number).toEqual(expect.any(String));
    // Older .NET clients (WebClient, ASMX-era helpers) label JSON text/json.
    const put = await api.call('PUT', `/consignment/${id}`, { body: { ...c, delivery_instructions: 'Leave at the door', create_date: '2026-11-26T09:30:00' }, headers: { 'content-type': 'text/json; charset=utf-8' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ delivery_instructions: 'Leave at the door', consignment_number: c.consignment_number, current_status: { status: 'Allocated' } });
  });

  it('(e) Java: application/json;charset=UTF-8 and Basic with an e-mail username; options read back as sent, on create and PUT', async () => {
    const headers = { 'content-type': 'application/json;charset=UTF-8' };
    const body = {
      order_number: `J-${Date.now()}`, create_date: '2026-11-26T10:00:00.000+0000', service_id: GDOM, order_value: 12.3,
      recipient: { name: 'Zoë Brontë', address: { ...ADDRESS, city: 'Haworth' } },
      packages: [{ weight: 0.5, items: [{ name: 'Crème brûlée set', quantity: 2, value: 6.15 }] }],
      options: { package_type: 'Parcel', signed: 'yes', signature_required: 'true' },
    };
    const created = await api.call('POST', `/consignments`, { body: [body], auth: basic, headers });
    expect(created.status).toBe(200);
    const [id] = created.body.success;
    const c = await read(`/consignment/${id}`, basic);
    expect(c.options).toEqual({ package_type: 'Parcel', signed: 'yes', signature_required: 'true' });
    expect(c.recipient.name).toBe('Zoë Brontë');
    expect(c.current_status.status).toBe('Allocated');
    // A key the carrier does not use changes nothing about the booking.
    const put = await api.call('PUT', `/consignment/${id}`, { body: { ...c, options: { package_type: 'Box', signed: 'no', signature_required: 'true' } }, auth: basic, headers });
    expect(put.status).toBe(200);
    expect(put.body.options).toEqual({ package_type: 'Box', signed: 'no', signature_required: 'true' });
    expect(put.body.consignment_number).toBe(c.consignment_number);
    const wrong = await api.call('GET', `/consignment/${id}`, { auth: { header: `Basic ${Buffer.from(`${USER}:Pa:ss^word:€1`).toString('base64')}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('(f) countries as shops send them: "IRL" (a PHP client\'s tests) and "United Kingdom" (an importer) read back as IE and GB, at checkout too', async () => {
    const element = (country: string, origin: string | null, extra: Record<string, unknown>) => ({
      order_number: `C-${country}-${Date.now()}`, recipient: { name: 'Nora Barnacle', address: { address1: '1 Grafton Street', city: 'Dublin', postcode: 'D02 X285', country } },
      packages: [{ weight: 1, items: [{ name: 'Linen', quantity: 1, value: 20, harmonisation_code: '630231', country_of_origin: origin }] }], ...extra,
    });
    const created = await api.post('/consignments', [
      element('IRL', 'Ireland', { service_id: 'Globex Worldwide|Globex Express Worldwide' }),
      { ...element('United Kingdom', 'united kingdom', { service_id: GDOM }), recipient: { name: 'Ada', address: { ...ADDRESS, country: 'United Kingdom' } } },
      element('Atlantis', null, {}),
    ]);
    expect(created.body.errors).toEqual({ 2: ['recipient.address.country: Enter a valid country.'] });
    const [ie, gb] = await Promise.all(created.body.success.map((id: string) => read(`/consignment/${id}`)));
    expect([ie.recipient.address.country, ie.packages[0].items[0].country_of_origin, ie.current_status.status]).toEqual(['IE', 'IE', 'Allocated']);
    expect([gb.recipient.address.country, gb.packages[0].items[0].country_of_origin, gb.service_id]).toEqual(['GB', 'GB', GDOM]);
    // The customs invoice of the GB -> IE route names the countries as codes.
    const docs = await api.get(`/consignment/${ie.identifier}/documents`);
    expect(docs.status).toBe(200);
    expect(docs.body.invoices).toEqual(expect.any(String));
    const put = await api.call('PUT', `/consignment/${gb.identifier}`, { body: { ...gb, recipient: { ...gb.recipient, address: { ...gb.recipient.address, country: 'GBR' } } } });
    expect([put.status, put.body.recipient?.address.country]).toEqual([200, 'GB']);
    const refused = await api.call('PUT', `/consignment/${gb.identifier}`, { body: { ...gb, recipient: { ...gb.recipient, address: { ...gb.recipient.address, country: 'Englandshire' } } } });
    expect([refused.status, refused.body.detail]).toEqual([400, 'recipient.address.country: Enter a valid country.']);
    const checkout = await deliveryOptions(stack).post({ recipient: { address: { country: 'IRL' } }, packages: [{ weight: 1 }] });
    expect(checkout.status).toBe(200);
    expect(checkout.body.delivery_options.length).toBeGreaterThan(0);
    expect((await deliveryOptions(stack).post({ recipient: { address: { country: 'Narnia' } } })).body.detail).toBe('recipient.address.country: Enter a valid country.');
  });

  it('(g) a client\'s own identifier, an air waybill number: kept, refused a second time, and named later in a manifest', async () => {
    const awb = `176-${String(Date.now()).slice(-8)}`;
    const body = { identifier: awb, order_number: `AWB-${awb}`, service_id: GDOM, warehouse_id: WAREHOUSE, recipient: { name: 'Ada', address: ADDRESS }, packages: [{ weight: 2 }] };
    const created = await api.post('/consignments', [body]);
    expect(created.body).toEqual({ success: [awb], errors: {} });
    expect((await api.post('/consignments', [{ ...body, order_number: 'AGAIN' }])).body).toEqual({ success: [], errors: { 0: [DUPLICATE] } });
    expect((await read(`/consignments?identifier=${awb}`)).results.map((c: { order_number: string }) => c.order_number)).toEqual([`AWB-${awb}`]);
    expect((await api.get(`/consignment/${awb}/documents`)).status).toBe(200);
    const manifest = await api.post('/manifest', { consignment_ids: [awb], carrier_id: 'generic', warehouse_id: WAREHOUSE });
    expect([manifest.status, manifest.body.detail]).toEqual([201, undefined]);
    expect((await read(`/consignment/${awb}`))).toMatchObject({ identifier: awb, current_status: { status: 'Manifested' } });
  });

  it('(h) an integration still sending its old carrier\'s names ("Hermes|UK Standard Delivery", "Yodel") runs unchanged once the company maps them', async () => {
    const integration = (n: number) => [
      { order_number: `H-${n}-${Date.now()}`, service_id: 'Hermes|UK Standard Delivery', recipient: { name: 'Ada', address: ADDRESS }, packages: [{ weight: 1 }] },
      { order_number: `Y-${n}-${Date.now()}`, carrier: 'Yodel', recipient: { name: 'Alan', address: { ...ADDRESS, city: 'Manchester', postcode: 'M1 1AE' } }, packages: [{ weight: 1 }] },
    ];
    expect((await api.post('/consignments', integration(1))).body.errors).toEqual({
      0: ['service_id: carrier service "Hermes|UK Standard Delivery" not found.'], 1: ['carrier: carrier "Yodel" not found.'],
    });
    const set = await api.call('PUT', '/service-aliases', { body: { 'Hermes|UK Standard Delivery': GDOM, Yodel: SP24 } });
    expect([set.status, set.body]).toEqual([200, { 'Hermes|UK Standard Delivery': GDOM, Yodel: SP24 }]);
    const bad = await api.call('PUT', '/service-aliases', { body: { 'Fastway|Parcel': 'Fastway|Parcel' } });
    expect([bad.status, bad.body.detail]).toEqual([400, 'Fastway|Parcel: "Fastway|Parcel" is not one of the company\'s services (GET /carrierservices lists them).']);
    const created = await api.post('/consignments', integration(2));
    expect(created.body.errors).toEqual({});
    const [hermes, yodel] = await Promise.all(created.body.success.map((id: string) => read(`/consignment/${id}`)));
    expect(hermes).toMatchObject({ service_id: GDOM, carrier: 'Generic Carrier', service: 'Generic Domestic Service GDOM', current_status: { status: 'Allocated' } });
    expect(yodel).toMatchObject({ service_id: SP24, carrier: 'SwiftPost', service: 'SwiftPost 24', current_status: { status: 'Allocated' } });
    const back = await api.call('PUT', `/consignment/${yodel.identifier}`, { body: { ...yodel, service_id: null, carrier: 'yodel', delivery_instructions: 'Side door' } });
    expect(back.body).toMatchObject({ service_id: SP24, consignment_number: yodel.consignment_number, delivery_instructions: 'Side door' });
    expect((await read('/service-aliases'))).toEqual({ 'Hermes|UK Standard Delivery': GDOM, Yodel: SP24 });
  });

  // The one-process demo holds its embedded database while it runs: the CLI works on it only while it is stopped.
  (mode === 'distributed' ? it : it.skip)('(h) the same aliases from the admin CLI reach the running services within seconds', async () => {
    const waybill = (...args: string[]) => spawnSync(process.execPath, ['--enable-source-maps', 'infra/admin/dist/main.js', 'service-aliases', ...args], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY, LOG_LEVEL: 'warn' },
    });
    const set = waybill('set', SLUG, 'Fastway|Parcel', 'Parcelink|Parcelink Standard');
    expect([set.status, set.stderr]).toEqual([0, '']);
    expect(JSON.parse(set.stdout)).toMatchObject({ 'Fastway|Parcel': 'Parcelink|Parcelink Standard' });
    const refused = waybill('set', SLUG, 'DPD', 'DPD|Next Day');
    expect([refused.status, refused.stderr]).toEqual([1, expect.stringContaining('DPD: "DPD|Next Day" is not one of the company\'s services')]);
    const body = [{ order_number: `F-${Date.now()}`, service_id: 'fastway|parcel', recipient: { name: 'Ada', address: ADDRESS }, packages: [{ weight: 1 }] }];
    await eventually(async () => Object.keys((await api.post('/consignments', body)).body.errors).length === 0, { timeoutMs: 15_000, what: 'the alias in the running service' });
    expect(JSON.parse(waybill('list', SLUG).stdout)).toMatchObject({ 'Fastway|Parcel': 'Parcelink|Parcelink Standard' });
  });

  it('never answers 5xx for a 10,000-character order number: a 4xx naming the field and its bound', async () => {
    const res = await api.post('/consignments', [{ order_number: 'x'.repeat(10_000), recipient: { name: 'A', address: ADDRESS } }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: [], errors: { 0: ['order_number: Ensure this field has no more than 255 characters.'] } });
  });
});
