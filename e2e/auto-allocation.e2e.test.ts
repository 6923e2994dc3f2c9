import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { plainWednesday } from './support/delivery';
import { createConsignment } from './support/documents';

const parcel = (kg: number) => [{ description: 'Goods', weight: kg, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm' }];
const abroad = (country: string, postcode: string) => ({ name: 'Recipient', address: { address1: '1 Main Street', city: 'Capital', postcode, country } });

describe.each(availableModes())('allocation by rules: service_id "auto" (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  const create = (body: Record<string, unknown>) => createConsignment(api, body);

  it('allocates on create to the cheapest service the rules give', async () => {
    const c = await create(domesticConsignment({ service_id: 'auto', packages: parcel(1) }));
    expect(c.current_status).toEqual({ status: 'Allocated', short_form: 'allocated', rejection_reason: null });
    expect([c.service_id, c.carrier, c.service]).toEqual(['Parcelink|Parcelink Economy', 'Parcelink', 'Parcelink Economy']);
    expect(c.consignment_number).toEqual(expect.any(String));
  });

  it('gives a parcel over Parcelink\'s 10 kg limit to a carrier that takes it, and reaches the US and the EU', async () => {
    const heavy = await create(domesticConsignment({ service_id: 'AUTO', packages: parcel(12) }));
    expect([heavy.current_status.status, heavy.service_id]).toEqual(['Allocated', 'SwiftPost|SwiftPost 48']);
    const us = await create(domesticConsignment({ service_id: 'auto', recipient: abroad('US', '10001'), packages: parcel(25) }));
    expect([us.current_status.status, us.service_id]).toEqual(['Allocated', 'Globex Worldwide|Globex Economy Worldwide']);
    const fr = await create(domesticConsignment({ service_id: 'auto', recipient: abroad('FR', '75001'), packages: parcel(20) }));
    expect([fr.current_status.status, fr.service_id]).toEqual(['Allocated', 'Generic Carrier|Generic Europe GEUR']);
  });

  it('tries the next candidate when a carrier refuses the booking', async () => {
    const cheap = await api.post('/delivery-rules', {
      name: 'Parcelink at any weight (wrong: it refuses over 10 kg)', service_id: 'Parcelink|Parcelink Economy', delivery_type: 'standard',
      conditions: { countries: ['GB'] }, price: { amount: '0.50' },
    });
    try {
      const c = await create(domesticConsignment({ service_id: 'auto', packages: parcel(12) }));
      // Parcelink is the first candidate (0.50, no weight limit in this rule) and refuses 12 kg.
      expect([c.current_status.status, c.service_id, c.current_status.rejection_reason]).toEqual(['Allocated', 'SwiftPost|SwiftPost 48', null]);
      const light = await create(domesticConsignment({ service_id: 'auto', packages: parcel(1) }));
      expect(light.service_id).toBe('Parcelink|Parcelink Economy');
    } finally {
      await api.del(`/delivery-rules/${cheap.body.id}`);
    }
  });

  it('stays Unallocated with a reason when no rule covers the parcel, or every allowed carrier refuses', async () => {
    const japan = await create(domesticConsignment({ service_id: 'auto', recipient: abroad('JP', '100-0001'), packages: parcel(1) }));
    expect(japan.current_status).toEqual({ status: 'Unallocated', short_form: 'unallocated', rejection_reason: 'No allocation rule gives a service for this consignment.' });
    expect([japan.service_id, japan.consignment_number, japan.carrier]).toEqual([null, null, null]);
    const tooHeavy = await create(domesticConsignment({ service_id: 'auto', packages: parcel(31) }));
    expect(tooHeavy.current_status.rejection_reason).toBe('No allocation rule gives a service for this consignment.');
    const norway = await api.post('/delivery-rules', {
      name: 'Parcelink to Norway (it does not deliver there)', service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard',
      conditions: { countries: ['NO'] }, price: { amount: '5' },
    });
    try {
      const refused = await create(domesticConsignment({ service_id: 'auto', recipient: abroad('NO', '0150'), packages: parcel(1) }));
      expect(refused.current_status.status).toBe('Unallocated');
      expect(refused.current_status.rejection_reason).toMatch(/^No carrier the rules allow accepted the consignment: Parcelink: .*does not deliver to NO/);
    } finally {
      await api.del(`/delivery-rules/${norway.body.id}`);
    }
  });

  it('allocates on update, following the company preference', async () => {
    const c = await create(domesticConsignment({ packages: parcel(2), shipping_date: plainWednesday() }));
    expect(c.current_status.status).toBe('Unallocated');
    const cheapest = await api.put(`/consignment/${c.identifier}`, { ...c, service_id: 'auto' });
    expect([cheapest.status, cheapest.body.current_status.status, cheapest.body.service_id]).toEqual([200, 'Allocated', 'Parcelink|Parcelink Economy']);
    expect((await api.put('/delivery-settings', { allocation_preference: 'fastest' })).status).toBe(200);
    try {
      const fastest = await api.put(`/consignment/${c.identifier}`, { ...cheapest.body, service_id: 'auto' });
      expect([fastest.body.current_status.status, fastest.body.service_id]).toEqual(['Allocated', 'SwiftPost|SwiftPost 24']);
      expect(fastest.body.consignment_number).not.toBe(cheapest.body.consignment_number);
      const kept = await api.put(`/consignment/${c.identifier}`, fastest.body);
      expect(kept.body.consignment_number).toBe(fastest.body.consignment_number);
    } finally {
      await api.put('/delivery-settings', { allocation_preference: 'cheapest' });
    }
  });

  it('does not expose the internal allocate endpoint publicly', async () => {
    const c = await create(domesticConsignment());
    const res = await api.post(`/consignment/${c.identifier}/allocate`, {});
    expect(res.status).toBe(404);
    expect((await api.get(`/consignment/${c.identifier}`)).body.current_status.status).toBe('Unallocated');
  });
});
