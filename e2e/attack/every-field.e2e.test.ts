import { signPush } from '../../bench/lib/tracking-push';
import { availableModes, startStack, type Stack } from '../support/stack';
import { client, type ApiResponse, type Auth } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { describePath, everyField as allCases, withinBudget, type FieldCase } from '../support/field-fuzz';

/**
 * Property-based: every field of every request body (create, update, delivery options, rules, manifest,
 * webhook endpoint, carrier push) gets, one field at a time, strings of 0 to 100,000 characters and
 * values of every other type. What must hold (docs/api/errors.md and docs/api/consignments.md): no 5xx, every 4xx carries `detail`, and
 * a refused request stores nothing. FIELD_FUZZ_RUNS (values per field), FIELD_FUZZ_SECONDS (time budget
 * per body beyond the first value of every field) and FUZZ_SEED as in fuzz.e2e.
 */
const PER_FIELD = Number(process.env.FIELD_FUZZ_RUNS ?? 3);
/** Seconds per body after the first round (which always runs, reaching every field): CI time stays bounded on a loaded machine. */
const BUDGET = Number(process.env.FIELD_FUZZ_SECONDS ?? 10);
const everyField = (valid: unknown, perField: number, seed: number) => withinBudget(allCases(valid, perField, seed), BUDGET);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const WAREHOUSE = 'demo-co|London DC';

const consignment = (order: string) => domesticConsignment({
  order_number: order, create_date: '2026-11-26T09:30:00Z', expected_delivery_date: '2026-11-28', service_id: GDOM, warehouse_id: WAREHOUSE,
  shipping_method: 'standard', shipping_date: '2026-11-27', order_value: '19.99', currency: 'GBP', delivery_instructions: 'Side door',
  custom_field_1: 'a', custom_field_2: 'b', origin_order_reference: 'shop-1',
  recipient: {
    name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', company_name: 'Engines', email_address: 'ada@example.com', contact_number: '+44 20 7946 0000',
    tax_identifier: 'GB1', eori_number: 'GB123456789000', address: { address1: '1 Main St', address2: 'Flat 2', address3: 'Wing B', city: 'London', state: 'London', postcode: 'SW1A 2AA', country: 'GB', store_code: 'S1' },
  },
  packages: [{ description: 'Books', weight: '1.5', weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', reference: 'P1',
    items: [{ name: 'Book', sku: 'B-1', quantity: '2', value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.5, vat_rate: '0', fabric_content: 'paper', import_type: 'x', mid_code: 'M1', reference: 'L1', taric_condition: 'T' }] }],
  export_customs: { reason_for_export: 'merchandise', shipping_cost: '4.95', ioss_number: 'IM1234567890' },
  options: { signature_required: 'true', package_type: 'Parcel' }, invoice: { incoterm: 'DAP' },
  custom_attributes: { override_sender_name: 'Shop', override_send_address2: 'Unit 4', shopify_order_id: '991' },
});

describe.each(availableModes())('every field of every request body, fuzzed (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const tally = { requests: 0, serverErrors: 0 };
  const broken: string[] = [];

  beforeAll(async () => {
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '0' });
    api = client(stack);
  });
  afterAll(async () => {
    // The figures the issue asks to record: requests sent and 5xx answers.
    process.stdout.write(`every-field fuzz (${mode}, seed ${SEED}, ${PER_FIELD} per field): ${tally.requests} requests, ${tally.serverErrors} 5xx\n`);
    await stack?.stop();
  });

  async function send(method: string, path: string, c: FieldCase | { body: unknown; path?: undefined }, o: { auth?: Auth; raw?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse> {
    const res = await api.call(method, path, o.raw !== undefined ? { raw: o.raw, auth: o.auth, headers: { 'content-type': 'application/json', ...o.headers } } : { body: c.body, auth: o.auth, headers: o.headers });
    tally.requests += 1;
    const where = `${method} ${path} with ${c.path ? describePath(c.path) : 'the body'} = ${JSON.stringify('value' in c ? c.value : c.body)?.slice(0, 80)}`;
    if (res.status >= 500) { tally.serverErrors += 1; broken.push(`${where} → ${res.status} ${res.text.slice(0, 200)}`); }
    if (res.status >= 400 && typeof res.body?.detail !== 'string') broken.push(`${where} → ${res.status} without detail`);
    return res;
  }
  const check = (what: string, ok: boolean, c: FieldCase) => { if (!ok) broken.push(`${what} after ${describePath(c.path)} = ${JSON.stringify(c.value)?.slice(0, 80)}`); };
  const expectSound = () => expect({ seed: SEED, broken: broken.slice(0, 20) }).toEqual({ seed: SEED, broken: [] });
  const count = async (path: string) => (await api.get(path)).body.count as number;

  /** POSTs every field case to a collection listed as a bare array: it grows by the 201s alone. */
  async function onlyCreatedAreStored(collection: string, valid: unknown, seed: number): Promise<void> {
    let stored = (await api.get(collection)).body.length as number;
    for (const c of everyField(valid, PER_FIELD, seed)) if ((await send('POST', collection, c)).status === 201) stored += 1;
    expect((await api.get(collection)).body.length).toBe(stored);
    expectSound();
  }

  it('create: a refused element stores nothing, an accepted one is stored once', async () => {
    let stored = await count('/consignments?limit=1');
    for (const c of everyField(consignment('FUZZ-CREATE'), PER_FIELD, SEED)) {
      const res = await send('POST', '/consignments', { ...c, body: [c.body] });
      if (res.status === 200) {
        check('a batch of one answered for one', res.body.success.length + Object.keys(res.body.errors).length === 1, c);
        stored += res.body.success.length;
      }
    }
    expect(await count('/consignments?limit=1')).toBe(stored);
    expectSound();
  });

  it('update: a refused PUT leaves the consignment as it was', async () => {
    const [id] = (await api.post('/consignments', [consignment('FUZZ-PUT')])).body.success;
    let before = (await api.get(`/consignment/${id}`)).text;
    for (const c of everyField(consignment('FUZZ-PUT'), PER_FIELD, SEED + 1)) {
      const res = await send('PUT', `/consignment/${id}`, c);
      const after = (await api.get(`/consignment/${id}`)).text;
      if (res.status >= 400) check('a refused PUT changed the consignment', after === before, c);
      before = after;
      // An accepted PUT that unallocated or re-targeted it is put back, so the next field starts alike.
      if (res.status === 200) {
        await api.put(`/consignment/${id}`, consignment('FUZZ-PUT'));
        before = (await api.get(`/consignment/${id}`)).text;
      }
    }
    expectSound();
  });

  it('delivery options: never a 5xx, every 4xx with detail', async () => {
    const auth: Auth = { header: `Api-Key ${stack.creds.deliveryOptionsKey}` };
    const body = {
      package_type: 'Parcel', shipping_method: 'standard', rules_package_type: 'box', order_number: 'FUZZ-DO', warehouse_id: WAREHOUSE,
      recipient: { name: 'Ada', first_name: 'Ada', last_name: 'L', company_name: 'E', email_address: 'ada@example.com', contact_number: '1',
        address: { address1: '1 Main St', address2: 'x', address3: 'y', city: 'London', state: 'England', postcode: 'SW1A 2AA', country: 'GB', latitude: '51.5', longitude: -0.12 } },
      packages: [{ width: 20, height: '10', length: 30, weight: '1.5', weight_unit: 'kg', dimensions_unit: 'cm', description: 'Books',
        items: [{ weight: 0.5, value: '12.50', name: 'Book', sku: 'B-1', quantity: '2', country_of_origin: 'GB', harmonisation_code: '4901', taric_condition: 'T', vat_rate: '0', import_type: 'x', fabric_content: 'paper' }] }],
      invoice: { incoterm: 'DAP' }, options: { signature_required: 'true' }, currency: 'GBP', order_value: '25.00', shipping_date: '2026-11-27',
      custom_field_1: 'a', custom_field_2: 'b', custom_field_3: 'c', custom_field_4: 'd', custom_field_5: 'e', settings: { delivery_type: 'standard' },
    };
    for (const c of everyField(body, PER_FIELD, SEED + 2)) await send('POST', `${stack.baseUrl}/api/2.0.0/company/demo-co/delivery_options/`, c, { auth });
    expectSound();
  });

  it('delivery rules: a refused rule is not stored', async () => {
    const rule = {
      name: 'Fuzz', service_id: GDOM, delivery_type: 'standard', enabled: false, price: { amount: '4.95', free_above: '50' },
      conditions: { countries: ['GB'], postcodes: ['SW1*'], exclude_postcodes: ['BT*'], warehouses: [WAREHOUSE], shipping_methods: ['standard'], rules_package_types: ['box'],
        max_package_weight_kg: 30, max_package_dimensions_cm: [120, 60, 60], max_consignment_weight_kg: '60', max_packages: '5', min_order_value: '0', max_order_value: '1000',
        options: { signature_required: 'true' }, custom_fields: { custom_field_1: 'a' } },
      schedule: { cutoff: '15:00', warehouse_cutoffs: { [WAREHOUSE]: '14:00' }, transit_days: 1, working_days: ['mon', 'tue'], delivery_window: { start: '09:00', end: '17:00' } },
    };
    await onlyCreatedAreStored('/delivery-rules', rule, SEED + 3);
  });

  it('manifest: a refused manifest leaves its consignment Allocated', async () => {
    const fresh = async () => (await api.post('/consignments', [consignment('FUZZ-MANIFEST')])).body.success[0] as string;
    let id = await fresh();
    for (const c of everyField({ consignment_ids: ['CONSIGNMENT'], carrier_id: 'generic', warehouse_id: WAREHOUSE }, PER_FIELD, SEED + 4)) {
      const res = await send('POST', '/manifest', { ...c, body: JSON.parse(JSON.stringify(c.body).replaceAll('"CONSIGNMENT"', `"${id}"`)) });
      const status = (await api.get(`/consignment/${id}`)).body.current_status.status;
      if (res.status >= 400) check('a refused manifest moved the consignment', status === 'Allocated', c);
      if (res.status === 201) id = await fresh();
    }
    expectSound();
  });

  it('webhook endpoints: a refused endpoint is not stored', async () => {
    await onlyCreatedAreStored('/webhooks/endpoints', { url: 'https://93.184.216.34/hook', description: 'Fuzz', event_types: ['tracking_update'], enabled: false }, SEED + 5);
  });

  it('carrier push: a refused push stores none of its events', async () => {
    const push = { trackings: [{ tracking_number: 'FUZZ-N', events: [
      { carrier_code: 'X1', status: 'IN_TRANSIT', description: 'Left the depot', timestamp: '2026-01-01T09:00:00Z', location: 'Leeds' },
      { status: 'Out for delivery', timestamp: '2026-01-02 07:30' },
    ] }] };
    const url = `${stack.baseUrl}/ingest/v1/carriers/generic/tracking`;
    const signed = (raw: string) => ({ raw, auth: 'none' as const, headers: { 'x-waybill-signature': signPush(stack.creds.carrierSecret, raw) } });
    let n = 0;
    for (const c of everyField(push, PER_FIELD, SEED + 6)) {
      // A tracking number of its own per case, so what one case stored cannot count for another.
      const tn = `FUZZ-${SEED}-${++n}`;
      const withOwn = (body: unknown) => (JSON.stringify(body) ?? 'null').replaceAll('FUZZ-N', tn);
      const raw = withOwn(c.body);
      const res = await send('POST', url, c, signed(raw));
      if (res.status >= 400) {
        // The untouched push with the same events: every one is new, so the refused push kept none.
        const untouched = withOwn(push);
        const again = await send('POST', url, { body: JSON.parse(untouched) }, signed(untouched));
        check('a refused push kept events', again.status === 202 && again.body.duplicates === 0, c);
      }
    }
    expectSound();
  });
});
