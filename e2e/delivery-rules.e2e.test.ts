import { spawnSync } from 'node:child_process';
import { eventually } from '@waybill/testing';
import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { NORWAY, deliveryOptions, norwayRule } from './support/delivery';
import { ROOT } from './support/processes';

describe.each(availableModes())('delivery rules management (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  let quotes: ReturnType<typeof deliveryOptions>;
  const norway = async () => (await quotes.post(NORWAY)).body.delivery_options.map((o: any) => o.price);
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
    quotes = deliveryOptions(stack);
  });
  afterAll(async () => stack?.stop());

  it('lists the seeded rules and the settings, with token or Basic credentials', async () => {
    const rules = await api.get('/delivery-rules');
    expect(rules.status).toBe(200);
    expect(rules.body.length).toBeGreaterThanOrEqual(10);
    expect(rules.body[0]).toEqual(expect.objectContaining({ id: expect.any(String), service_id: expect.any(String), enabled: true, schedule: expect.objectContaining({ working_days: ['mon', 'tue', 'wed', 'thu', 'fri'] }) }));
    expect((await api.get('/delivery-settings/', { auth: 'basic' })).body).toEqual({ allocation_preference: 'cheapest', currency: 'GBP' });
    const one = await api.get(`/delivery-rules/${rules.body[0].id}/`);
    expect(one.body).toEqual(rules.body[0]);
  });

  it('creates, replaces and deletes a rule, each change visible on the very next request', async () => {
    expect(await norway()).toEqual([]);
    const created = await api.post('/delivery-rules', norwayRule('12.50'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ service_id: 'Globex Worldwide|Globex Economy Worldwide', enabled: true, conditions: { countries: ['NO'] } });
    expect(await norway()).toEqual([{ amount: '12.50', currency: 'GBP', source: 'rule' }]);
    const replaced = await api.put(`/delivery-rules/${created.body.id}`, { ...created.body, price: { amount: '9.99' } });
    expect(replaced.status).toBe(200);
    expect(await norway()).toEqual([{ amount: '9.99', currency: 'GBP', source: 'rule' }]);
    const disabled = await api.put(`/delivery-rules/${created.body.id}`, { ...replaced.body, enabled: false });
    expect(disabled.body.enabled).toBe(false);
    expect(await norway()).toEqual([]);
    expect((await api.del(`/delivery-rules/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/delivery-rules/${created.body.id}`)).status).toBe(404);
  });

  it('changes the currency of every price through the settings', async () => {
    const created = await api.post('/delivery-rules', norwayRule('100'));
    expect((await api.put('/delivery-settings', { currency: 'nok' })).body).toEqual({ allocation_preference: 'cheapest', currency: 'NOK' });
    expect(await norway()).toEqual([{ amount: '100.00', currency: 'NOK', source: 'rule' }]);
    await api.put('/delivery-settings', { currency: 'GBP' });
    await api.del(`/delivery-rules/${created.body.id}`);
  });

  it('answers 400 with field paths for invalid rules and settings, and changes nothing', async () => {
    const before = (await api.get('/delivery-rules')).body.length;
    const bad = await api.post('/delivery-rules', {
      name: 'x', service_id: 'Nope|Nothing', delivery_type: 'standard', price: { amount: '1' }, conditions: { warehouses: ['Mars'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('service_id: carrier service "Nope|Nothing" not found.');
    expect(bad.body.errors['conditions.warehouses.0']).toEqual(['warehouse "Mars" not found.']);
    const shape = await api.post('/delivery-rules', { name: 'x', service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'weekly', price: { amount: '1,50' }, schedule: { cutoff: '25:00' } });
    expect(shape.body.errors).toEqual(expect.objectContaining({
      delivery_type: ['"weekly" is not a valid choice.'], 'price.amount': ['Enter a decimal number such as "12.50".'], 'schedule.cutoff': ['Enter a time as HH:MM (24-hour clock).'],
    }));
    const bands = await api.post('/delivery-rules', { name: 'x', service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'standard', price: { weight_bands: [{ up_to_kg: 5, amount: '2' }, { up_to_kg: 2, amount: '1' }] } });
    expect(bands.body.detail).toBe('price.weight_bands.1.up_to_kg: Bands must be in ascending order of up_to_kg.');
    expect((await api.put('/delivery-settings', { allocation_preference: 'slowest' })).body.detail).toBe('allocation_preference: "slowest" is not a valid choice.');
    expect((await api.get('/delivery-rules')).body.length).toBe(before);
  });

  it('answers 404 for unknown rules, 405 for other methods, and keeps to the consignments credentials', async () => {
    expect((await api.get('/delivery-rules/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get('/delivery-rules/not-a-uuid')).status).toBe(404);
    expect((await api.call('PATCH', '/delivery-rules', { body: {} })).status).toBe(405);
    expect((await api.get('/delivery-rules', { auth: { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } })).status).toBe(401);
    expect((await client(stack, '/_api/v1/company/someone-else').get('/delivery-rules')).status).toBe(403);
    expect((await api.get(`/api/v1/company/${stack.creds.company}/delivery-rules`)).status).toBe(200);
  });

  if (mode === 'distributed') {
    it('picks up a rule added by the admin CLI in another process, without a restart', async () => {
      expect(await norway()).toEqual([]);
      const cli = spawnSync(process.execPath, ['--enable-source-maps', 'infra/admin/dist/main.js', 'rules', 'add', stack.creds.company, '--json', JSON.stringify(norwayRule('7.25'))], {
        cwd: ROOT, env: { ...process.env, DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8',
      });
      expect(cli.stderr).toBe('');
      const id = JSON.parse(cli.stdout).id;
      await eventually(async () => JSON.stringify(await norway()) === JSON.stringify([{ amount: '7.25', currency: 'GBP', source: 'rule' }]), { what: 'the new rule in the answer', timeoutMs: 15_000 });
      await api.del(`/delivery-rules/${id}`);
    });
  }
});
