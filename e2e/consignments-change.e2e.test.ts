import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

describe.each(availableModes())('PUT and DELETE /consignment (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  async function create(body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await api.post('/consignments', [body]);
    expect(res.body.errors).toEqual({});
    return (await api.get(`/consignment/${res.body.success[0]}`)).body;
  }

  it('accepts its own GET representation back unchanged, keeping the booking', async () => {
    const c = await create(domesticConsignment({ service_id: 'Generic Carrier|Generic Domestic Service GDOM' }));
    const res = await api.put(`/consignment/${c.identifier}`, c);
    expect(res.status).toBe(200);
    expect(res.body.consignment_number).toBe(c.consignment_number);
    expect(res.body.packages[0].tracking_number).toBe(c.packages[0].tracking_number);
    expect(res.body.current_status.status).toBe('Allocated');
  });

  it('replaces the whole consignment and re-books when the service changes', async () => {
    const c = await create(domesticConsignment({ service_id: 'Generic Carrier|Generic Domestic Service GDOM', delivery_instructions: 'leave at door' }));
    const { delivery_instructions: _dropped, ...rest } = c;
    const res = await api.put(`/consignment/${c.identifier}`, { ...rest, service_id: 'SwiftPost|SwiftPost 24', order_number: 'CHANGED-1' });
    expect(res.status).toBe(200);
    expect(res.body.order_number).toBe('CHANGED-1');
    expect(res.body.delivery_instructions).toBeNull();
    expect(res.body.service_id).toBe('SwiftPost|SwiftPost 24');
    expect(res.body.consignment_number).not.toBe(c.consignment_number);
    expect((await api.get(`/consignment/${c.identifier}`)).body).toEqual(res.body);
  });

  it('allocates an unallocated consignment and unallocates it again, clearing numbers', async () => {
    const c = await create(domesticConsignment());
    const allocated = await api.put(`/consignment/${c.identifier}`, { ...c, carrier: 'generic' });
    expect(allocated.body.current_status.status).toBe('Allocated');
    expect(allocated.body.consignment_number).toEqual(expect.any(String));
    for (const clear of [null, '']) {
      const again = await api.put(`/consignment/${c.identifier}`, { ...allocated.body, service_id: clear, carrier: clear });
      expect(again.status).toBe(200);
      expect(again.body.current_status.status).toBe('Unallocated');
      expect(again.body.consignment_number).toBeNull();
      expect(again.body.tracking_url).toBeNull();
      expect(again.body.packages[0].tracking_number).toBeNull();
    }
  });

  it('answers 200 Unallocated with rejection_reason when the carrier refuses on update', async () => {
    const c = await create(domesticConsignment());
    const res = await api.put(`/consignment/${c.identifier}`, { ...c, service_id: 'Parcelink|Parcelink Standard', packages: [{ weight: 12000, weight_unit: 'g' }] });
    expect(res.status).toBe(200);
    expect(res.body.current_status.status).toBe('Unallocated');
    expect(res.body.current_status.rejection_reason).toMatch(/limit/);
  });

  it('answers 400 with field paths for invalid bodies, and changes nothing', async () => {
    const c = await create(domesticConsignment());
    const unknownService = await api.put(`/consignment/${c.identifier}`, { ...c, service_id: 'X|Y' });
    expect(unknownService.status).toBe(400);
    expect(unknownService.body.detail).toMatch(/^service_id: carrier service "X\|Y" not found/);
    const { order_number: _o, ...noOrder } = c;
    const missing = await api.put(`/consignment/${c.identifier}`, { ...noOrder, recipient: { ...c.recipient, address: { ...c.recipient.address, city: '' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(expect.objectContaining({ order_number: expect.any(Array), 'recipient.address.city': expect.any(Array) }));
    const extra = await api.put(`/consignment/${c.identifier}`, { ...c, colour: 'blue' });
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toMatch(/^colour:/);
    const notObject = await api.put(`/consignment/${c.identifier}`, [c]);
    expect(notObject.status).toBe(400);
    expect((await api.get(`/consignment/${c.identifier}`)).body).toEqual(c);
  });

  it('answers 404 for updating or cancelling an unknown consignment', async () => {
    const id = 'ffffffffffffffffffffffffffffffff';
    expect((await api.put(`/consignment/${id}`, domesticConsignment({ create_date: '2026-01-01T00:00:00Z' }))).status).toBe(404);
    expect((await api.del(`/consignment/${id}`)).status).toBe(404);
  });

  it('cancels, answers the same on a second cancel, and refuses later updates with 409', async () => {
    const c = await create(domesticConsignment({ carrier: 'generic' }));
    const first = await api.del(`/consignment/${c.identifier}`);
    expect(first.status).toBe(200);
    expect(first.body.current_status.status).toBe('Cancelled');
    const second = await api.del(`/consignment/${c.identifier}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const update = await api.put(`/consignment/${c.identifier}`, c);
    expect(update.status).toBe(409);
    expect(update.body.detail).toMatch(/Cancelled/);
    const list = await api.get(`/consignments?status=cancelled&identifier=${c.identifier}`);
    expect(list.body.results.map((r: { identifier: string }) => r.identifier)).toEqual([c.identifier]);
  });
});
