import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

describe.each(availableModes())('POST /consignments and GET /consignment (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  async function createOne(body: Record<string, unknown>) {
    const res = await api.post('/consignments', [body]);
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual({});
    const got = await api.get(`/consignment/${res.body.success[0]}`);
    expect(got.status).toBe(200);
    return got.body;
  }

  it('creates a sparse consignment unallocated, with defaults an integrator expects', async () => {
    const before = Date.now();
    const c = await createOne({
      order_number: 'SPARSE-1',
      recipient: { name: 'Grace Hopper', email_address: '', address: { address1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'gb' } },
      packages: [{ description: 'No weight', items: [{ name: 'Thing', quantity: 1 }] }],
    });
    expect(c.identifier).toMatch(/^[0-9a-f]{32}$/);
    expect(c.current_status).toEqual({ status: 'Unallocated', short_form: expect.any(String), rejection_reason: null });
    expect(new Date(c.create_date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(c.recipient.email_address).toBeNull();
    expect(c.recipient.address.country).toBe('GB');
    expect(c.service_id).toBeNull();
    expect(c.service).toBeNull();
    expect(c.carrier).toBeNull();
    expect(c.consignment_number).toBeNull();
    expect(c.tracking_url).toBeNull();
    expect(c.packages[0].tracking_number).toBeNull();
    expect(c).not.toHaveProperty('export_customs');
    expect(c.warehouse_id).toBe(`${stack.creds.company}|London DC`);
  });

  it('allocates synchronously when service_id is given, with per-package tracking numbers', async () => {
    const c = await createOne(domesticConsignment({
      service_id: 'Generic Carrier|Generic Next Day GNXT',
      packages: [{ weight: 1, items: [] }, { weight: 2, items: [] }],
      options: { signature_required: 'true', not_a_generic_option: 'x' },
    }));
    expect(c.current_status.status).toBe('Allocated');
    expect(c.service_id).toBe('Generic Carrier|Generic Next Day GNXT');
    expect(c.service).toBe('Generic Next Day GNXT');
    expect(c.carrier).toBe('Generic Carrier');
    expect(c.consignment_number).toEqual(expect.any(String));
    expect(c.tracking_url).toMatch(/^https?:\/\//);
    const numbers = c.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    // Read back as sent: the carrier used signature_required and ignored the key it does not know.
    expect(c.options).toEqual({ signature_required: 'true', not_a_generic_option: 'x' });
  });

  it('uses the carrier default service when only the carrier is named (by identifier or name)', async () => {
    const a = await createOne(domesticConsignment({ carrier: 'swiftpost' }));
    expect(a.current_status.status).toBe('Allocated');
    expect(a.service_id).toMatch(/^SwiftPost\|/);
    const b = await createOne(domesticConsignment({ carrier: 'SwiftPost', packages: [{ weight: 1 }, { weight: 1 }] }));
    expect(b.carrier).toBe('SwiftPost');
    // SwiftPost gives one number per consignment.
    expect(b.packages[0].tracking_number).toBe(b.packages[1].tracking_number);
  });

  it('lets service_id decide when carrier names another carrier', async () => {
    const c = await createOne(domesticConsignment({ carrier: 'swiftpost', service_id: 'Generic Carrier|Generic Domestic Service GDOM' }));
    expect(c.carrier).toBe('Generic Carrier');
    expect(c.service_id).toBe('Generic Carrier|Generic Domestic Service GDOM');
  });

  it('creates but leaves Unallocated with a rejection_reason when the carrier refuses', async () => {
    const c = await createOne(domesticConsignment({ service_id: 'Parcelink|Parcelink Standard', packages: [{ weight: 15, weight_unit: 'kg' }] }));
    expect(c.current_status.status).toBe('Unallocated');
    expect(c.current_status.rejection_reason).toMatch(/10 kg/);
    expect(c.consignment_number).toBeNull();
    expect(c.carrier).toBe('Parcelink');
    expect(c.options).toEqual({});
  });

  it('validates each element on its own: bad ones are reported by index, good ones are created', async () => {
    const noPostcode = domesticConsignment();
    delete (noPostcode.recipient as { address: Record<string, unknown> }).address.postcode;
    const res = await api.post('/consignments', [
      domesticConsignment(), null, noPostcode, domesticConsignment({ surprise: 1 }),
      domesticConsignment({ packages: [{ items: [{ name: 'x', quantity: 'lots' }] }] }),
      domesticConsignment({ service_id: 'Nope|Nothing' }), domesticConsignment({ custom_field_3: 'x' }),
      domesticConsignment({ custom_field_3: null, custom_field_1: 'ok' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(2);
    expect(Object.keys(res.body.errors).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(res.body.errors['2']).toContain('recipient.address.postcode: This field is required.');
    expect(res.body.errors['3'].join(' ')).toContain('surprise');
    expect(res.body.errors['4'].join(' ')).toContain('packages.0.items.0.quantity');
    expect(res.body.errors['5'].join(' ')).toContain('service_id: carrier service "Nope|Nothing" not found');
    expect(res.body.errors['6'].join(' ')).toContain('custom_field_3');
  });

  it('refuses a body that is not an array of 1 to 500 elements', async () => {
    for (const body of [{}, [], Array.from({ length: 501 }, () => ({}))]) {
      const res = await api.post('/consignments', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('replays the first response for a repeated Idempotency-Key and creates nothing new', async () => {
    const body = [domesticConsignment({ order_number: 'IDEM-1' }), domesticConsignment({ order_number: 'IDEM-1', carrier: 'generic' })];
    const headers = { 'idempotency-key': 'retry-me-1' };
    const first = await api.post('/consignments', body, { headers });
    const second = await api.post('/consignments', body, { headers });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // The first response itself, byte for byte: keys in the same order, not just the same content.
    expect(second.text).toBe(first.text);
    const list = await api.get('/consignments?order_number=IDEM-1');
    expect(list.body.count).toBe(2);
    const other = await api.post('/consignments', [domesticConsignment()], { headers });
    expect(other.status).toBe(409);
  });

  it('answers 404 with detail for an unknown consignment', async () => {
    const res = await api.get('/consignment/0123456789abcdef0123456789abcdef');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('answers the lookups with stable identifiers usable in other calls', async () => {
    const carriers = (await api.get('/carriers')).body;
    expect(carriers).toEqual(expect.arrayContaining([expect.objectContaining({
      identifier: 'generic', name: 'Generic Carrier', capabilities: ['book', 'void', 'manifest', 'tracking_push', 'proof_of_delivery', 'returns'],
    })]));
    const services = (await api.get('/carrierservices')).body;
    expect(services).toEqual(expect.arrayContaining([
      expect.objectContaining({ carrier_id: 'generic', identifier: 'Generic Carrier|Generic Domestic Service GDOM', name: 'Generic Domestic Service GDOM', return: false }),
    ]));
    const warehouses = (await api.get('/warehouses')).body;
    expect(warehouses.map((w: { identifier: string }) => w.identifier)).toEqual(expect.arrayContaining([`${stack.creds.company}|London DC`, `${stack.creds.company}|Berlin Hub`]));
    const fromBerlin = await createOne(domesticConsignment({
      warehouse_id: `${stack.creds.company}|Berlin Hub`, service_id: services.find((s: { identifier: string }) => s.identifier.startsWith('Parcelink|')).identifier,
      recipient: { name: 'Jean', address: { address1: '1 Rue', city: 'Paris', postcode: '75001', country: 'FR' } },
    }));
    expect(fromBerlin.current_status.status).toBe('Allocated');
    expect(fromBerlin.warehouse_id).toBe(`${stack.creds.company}|Berlin Hub`);
  });
});
