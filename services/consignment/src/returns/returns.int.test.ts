import request from 'supertest';
import { RETURNABLE_ITEMS as items, RETURNING_RECIPIENT as recipient } from '@waybill/testing';
import { startHarness, type Harness } from '../test-support';

describe('returns through the API (docs/api/returns.md)', () => {
  let h: Harness;
  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string) => request(h.app)[method](`/companies/acme${path}`).set('authorization', h.auth());

  // The company's rules as delivery-options would answer them: an outbound service first, then a return service.
  const candidates = ['Generic Carrier|Generic Domestic Service GDOM', 'Generic Carrier|Generic Returns GRTN', 'SwiftPost|SwiftPost 24'];
  beforeAll(async () => {
    h = await startHarness('acme', undefined, { candidates: async () => candidates });
  });
  afterAll(async () => h?.close());

  async function outbound(serviceId: string | null = 'Generic Carrier|Generic Domestic Service GDOM'): Promise<string> {
    const res = await api('post', '/consignments').send([{
      order_number: `R-${Math.random().toString(36).slice(2, 8)}`, recipient, service_id: serviceId,
      packages: [{ weight: 1.2, weight_unit: 'kg', items }],
    }]);
    expect(res.body.errors).toEqual({});
    return res.body.success[0];
  }

  it('lists return services as such and never picks one for an outbound parcel', async () => {
    const services = (await api('get', '/carrierservices')).body as Array<{ identifier: string; return: boolean }>;
    expect(services.filter((s) => s.return).map((s) => s.identifier)).toEqual(['Generic Carrier|Generic Returns GRTN', 'SwiftPost|SwiftPost Returns']);
    const id = (await api('post', '/consignments').send([{ order_number: 'X1', recipient, service_id: 'Generic Carrier|Generic Returns GRTN', packages: [{ weight: 1 }] }])).body.success[0];
    const c = (await api('get', `/consignment/${id}`)).body;
    expect([c.current_status.status, c.current_status.rejection_reason]).toEqual(['Unallocated', 'Generic Carrier: Generic Returns GRTN is a return service, booked only for returns']);
    const byCarrier = (await api('post', '/consignments').send([{ order_number: 'X2', recipient, carrier: 'generic', packages: [{ weight: 1 }] }])).body.success[0];
    expect((await api('get', `/consignment/${byCarrier}`)).body.service_id).toBe('Generic Carrier|Generic Domestic Service GDOM');
  });

  it('books a return from the recipient to the warehouse on a return service, and links it both ways', async () => {
    const id = await outbound();
    const res = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', reason: 'too_small', items: [{ sku: 'SHIRT-M', quantity: 1 }] });
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      direction: 'return', return_for: id, returns: [], service_id: 'Generic Carrier|Generic Returns GRTN', return_reason: 'too_small',
      return_items: [{ sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: 'too_small' }],
      current_status: { status: 'Allocated' }, warehouse_id: 'acme|Main',
      recipient: { address: { address1: '1 Dock Rd', postcode: 'E16 1AA', country: 'GB' } },
      sender: { name: 'Ada Lovelace', address: { postcode: 'M1 1AA' } },
    });
    expect(r.consignment_number).toMatch(/^GCN/);
    expect(r.packages[0].tracking_number).toMatch(/^GC\d{12}$/);
    expect(r.packages[0].items).toEqual([expect.objectContaining({ sku: 'SHIRT-M', quantity: 1 })]);
    const o = (await api('get', `/consignment/${id}`)).body;
    expect([o.direction, o.return_for, o.returns]).toEqual(['outbound', null, [r.identifier]]);
    expect((await api('get', `/consignment/${r.identifier}`)).body).toEqual(r);
  });

  it('refuses more of an item than was shipped, counting earlier returns, naming the item', async () => {
    const id = await outbound();
    expect((await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', items: [{ sku: 'SHIRT-M', quantity: 1 }] })).status).toBe(201);
    const over = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', items: [{ sku: 'SHIRT-M', quantity: 2 }] });
    expect([over.status, over.body.detail]).toEqual([400, 'items.0: "SHIRT-M": 2 asked for, but 2 shipped and 1 not returned yet.']);
    const unknown = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', items: [{ name: 'Hat', quantity: 1 }] });
    expect([unknown.status, unknown.body.detail]).toEqual([400, 'items.0: "Hat" is not an item of this consignment.']);
    // Without items, whatever is left comes back.
    const rest = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect(rest.body.return_items).toEqual([
      { sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: null }, { sku: 'SCARF', name: 'Wool scarf', quantity: 1, reason: null },
    ]);
    const none = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect([none.status, none.body.detail]).toEqual([400, 'items: Every item of this consignment has been returned already.']);
  });

  it('gives a cancelled return\'s items back to the outbound, and refuses to edit a return', async () => {
    const id = await outbound();
    const first = (await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' })).body;
    const put = await api('put', `/consignment/${first.identifier}`).send({ ...first, order_number: 'CHANGED' });
    expect([put.status, put.body.detail]).toEqual([409, expect.stringMatching(/^A return cannot be changed; cancel it/)]);
    expect((await api('delete', `/consignment/${first.identifier}`)).status).toBe(200);
    const again = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect([again.status, again.body.return_items.map((i: { quantity: number }) => i.quantity)]).toEqual([201, [2, 1]]);
    const ofReturn = await api('post', `/consignment/${again.body.identifier}/returns`).send({});
    expect([ofReturn.status, ofReturn.body.detail]).toEqual([409, 'This consignment is itself a return; book a return for its outbound consignment.']);
  });

  it('erases a return\'s sender with its personal data, as it erases a recipient (docs/api/retention.md)', async () => {
    const id = await outbound();
    const r = (await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' })).body;
    expect((await api('post', `/consignment/${r.identifier}/erase`).send({})).status).toBeLessThan(300);
    const erased = (await api('get', `/consignment/${r.identifier}`)).body;
    expect([erased.erased, erased.sender.name, erased.sender.email_address, erased.sender.address.address1, erased.sender.address.postcode])
      .toEqual([true, '(erased)', null, '(erased)', 'M1']);
  });

  it('never lets two returns booked at the same moment take back more than was shipped', async () => {
    const id = await outbound();
    const book = () => api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', items: [{ sku: 'SHIRT-M', quantity: 2 }] });
    const answers = await Promise.all([book(), book(), book()]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([400, 409]).toContain(a.status);
    const standing = (await api('get', `/consignments?return_for=${id}&limit=100`)).body.results.filter((c: { current_status: { status: string } }) => c.current_status.status !== 'Cancelled');
    expect(standing).toHaveLength(1);
  });

  it('allocates by the rules (service_id auto) among return services for a return, and among the others for an outbound', async () => {
    const auto = (await api('post', '/consignments').send([{ order_number: 'AUTO-1', recipient, service_id: 'auto', packages: [{ weight: 1, items }] }])).body.success[0];
    expect((await api('get', `/consignment/${auto}`)).body.service_id).toBe('Generic Carrier|Generic Domestic Service GDOM');
    const r = await api('post', `/consignment/${auto}/returns`).send({ service_id: 'auto' });
    expect([r.status, r.body.service_id, r.body.current_status.status]).toEqual([201, 'Generic Carrier|Generic Returns GRTN', 'Allocated']);
  });

  it('answers 409 for an unallocated or cancelled outbound, and 400 for a service that is not a return service', async () => {
    const unallocated = await outbound(null);
    const a = await api('post', `/consignment/${unallocated}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect([a.status, a.body.detail]).toEqual([409, 'The consignment is not allocated: nothing was shipped yet, so nothing can be returned.']);
    const cancelled = await outbound();
    expect((await api('delete', `/consignment/${cancelled}`)).status).toBe(200);
    const c = await api('post', `/consignment/${cancelled}/returns`).send({});
    expect([c.status, c.body.detail]).toEqual([409, 'The consignment is Cancelled: nothing was shipped, so nothing can be returned.']);
    const id = await outbound();
    const bad = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Domestic Service GDOM' });
    expect([bad.status, bad.body.detail]).toEqual([400, 'service_id: "Generic Carrier|Generic Domestic Service GDOM" is not one of the company\'s return services (those with "return": true in GET /carrierservices).']);
    expect((await api('post', '/consignment/nope/returns').send({})).status).toBe(404);
  });

  it('leaves a refused return Unallocated with the carrier\'s reason, still 201', async () => {
    const id = (await api('post', '/consignments').send([{
      order_number: 'HEAVY', recipient, service_id: 'Globex Worldwide|Globex Express Worldwide', packages: [{ weight: 50, items }],
    }])).body.success[0];
    const res = await api('post', `/consignment/${id}/returns`).send({ service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect(res.status).toBe(201);
    expect(res.body.current_status).toEqual({ status: 'Unallocated', short_form: expect.any(String), rejection_reason: expect.stringContaining('over the 30 kg limit') });
  });

  it('filters the list by direction and by outbound, and honours an Idempotency-Key', async () => {
    const id = await outbound();
    const send = () => api('post', `/consignment/${id}/returns`).set('idempotency-key', `k-${id}`).send({ service_id: 'Generic Carrier|Generic Returns GRTN', items: [{ sku: 'SCARF', quantity: 1 }] });
    const first = await send();
    const again = await send();
    expect([again.status, again.headers['idempotent-replayed'], again.body.identifier]).toEqual([201, 'true', first.body.identifier]);
    const mine = (await api('get', `/consignments?return_for=${id}`)).body;
    expect([mine.count, mine.results.map((c: { identifier: string }) => c.identifier)]).toEqual([1, [first.body.identifier]]);
    const returns = (await api('get', '/consignments?direction=return&limit=100')).body.results as Array<{ direction: string }>;
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.every((c) => c.direction === 'return')).toBe(true);
    const outbounds = (await api('get', '/consignments?direction=outbound&limit=100')).body.results as Array<{ identifier: string; returns: string[] }>;
    expect(outbounds.find((c) => c.identifier === id)?.returns).toEqual([first.body.identifier]);
    expect((await api('get', '/consignments?direction=sideways')).body.detail).toBe('direction: "sideways" is not a valid choice. Choose from outbound, return.');
  });

  it('keeps a returns policy: off until written, PUT replaces it, a bad value is a 400 naming it', async () => {
    expect((await api('get', '/returns-policy')).body).toMatchObject({ enabled: false });
    const policy = {
      enabled: true, window_days: 30, reasons: [{ code: 'too_small', label: 'Too small' }], warehouse_id: 'acme|Main',
      service_id: 'SwiftPost|SwiftPost Returns', countries: ['GB', 'IE'], instructions: 'Drop it at a SwiftPost shop.',
    };
    const put = await api('put', '/returns-policy').send(policy);
    expect([put.status, put.body]).toEqual([200, policy]);
    expect((await api('get', '/returns-policy')).body).toEqual(policy);
    const badService = await api('put', '/returns-policy').send({ ...policy, service_id: 'SwiftPost|SwiftPost 24' });
    expect([badService.status, badService.body.detail]).toEqual([400, 'service_id: "SwiftPost|SwiftPost 24" is not one of the company\'s return services (those with "return": true in GET /carrierservices), nor "auto".']);
    const badWarehouse = await api('put', '/returns-policy').send({ ...policy, warehouse_id: 'acme|Nowhere' });
    expect(badWarehouse.body.detail).toBe('warehouse_id: "acme|Nowhere" is not one of the company\'s warehouses (GET /warehouses lists them).');
    const badWindow = await api('put', '/returns-policy').send({ ...policy, window_days: 0 });
    expect([badWindow.status, badWindow.body.detail]).toEqual([400, expect.stringMatching(/^window_days: /)]);
    // A return without service_id takes the policy's service.
    const id = await outbound();
    const r = await api('post', `/consignment/${id}/returns`).send({ items: [{ sku: 'SCARF', quantity: 1 }] });
    expect([r.status, r.body.service_id]).toEqual([201, 'SwiftPost|SwiftPost Returns']);
  });

  it('counts the period\'s returns per day and by reason on the dashboard, cancelled ones left out', async () => {
    const dashboard = async () => (await api('get', '/dashboard/consignments?days=7')).body as {
      returns_per_day: Array<{ day: string; total: number }>; returns_by_reason: Array<{ reason: string; returns: number; items: number }>;
    };
    const today = new Date().toISOString().slice(0, 10);
    const todays = (d: Awaited<ReturnType<typeof dashboard>>) => d.returns_per_day.find((r) => r.day === today)!.total;
    const probe = await api('get', '/dashboard/consignments?days=7');
    expect([probe.status, probe.body.detail]).toEqual([200, undefined]);
    const before = await dashboard();
    expect(before.returns_per_day).toHaveLength(7);
    const first = await outbound();
    expect((await api('post', `/consignment/${first}/returns`).send({ reason: 'dashboard_fit', items: [{ sku: 'SHIRT-M', quantity: 2, reason: 'dashboard_colour' }, { sku: 'SCARF', quantity: 1 }] })).status).toBe(201);
    const second = await outbound();
    expect((await api('post', `/consignment/${second}/returns`).send({ reason: 'dashboard_fit', items: [{ sku: 'SCARF', quantity: 1 }] })).status).toBe(201);
    const third = await outbound();
    const cancelled = (await api('post', `/consignment/${third}/returns`).send({ reason: 'dashboard_fit' })).body.identifier as string;
    expect((await api('delete', `/consignment/${cancelled}`)).status).toBe(200);

    const after = await dashboard();
    expect(todays(after) - todays(before)).toBe(2);
    expect(after.returns_by_reason.filter((r) => r.reason.startsWith('dashboard_'))).toEqual([
      { reason: 'dashboard_fit', returns: 2, items: 2 }, { reason: 'dashboard_colour', returns: 1, items: 2 },
    ]);
  });
});
