import { randomUUID } from 'node:crypto';
import { EventType, validateEvent } from './events';

const consignment = {
  identifier: '0123456789abcdef0123456789abcdef', order_number: 'ORD-1', create_date: '2024-05-01T10:00:00.000Z',
  carrier: 'Generic Carrier', service_id: 'Generic Carrier|Generic Domestic Service GDOM', service: 'Generic Domestic Service GDOM',
  consignment_number: 'GEN1', tracking_url: null,
  current_status: { status: 'Allocated', short_form: 'ALLOCATED', rejection_reason: null },
  recipient: { name: 'Ada', address: { address1: '1 Main St', city: 'London', postcode: 'N1', country: 'GB' } },
  packages: [{ tracking_number: 'TN1', items: [{ name: 'Book', quantity: 1 }] }],
};

const envelope = (type: string, data: unknown) => ({
  id: randomUUID(), type, occurred_at: '2024-05-01T10:00:00.000Z', company: 'demo-co', data,
  trace: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
});

describe('validateEvent', () => {
  it('accepts typed data, tolerating fields it does not know', () => {
    const data = { consignment: { ...consignment, added_later: 1 }, service_id: 'x|y', consignment_number: null, extra: true };
    expect(validateEvent({ ...envelope(EventType.ConsignmentAllocated, data), schema_version: 2 })).toEqual({ ok: true });
    expect(validateEvent(envelope(EventType.ConsignmentStatusChanged, { consignment, from: 'Allocated', to: 'Printed' })))
      .toEqual({ ok: true });
  });

  it('reports data errors under data.', () => {
    const result = validateEvent(envelope(EventType.ConsignmentStatusChanged, { consignment, from: 'Allocated', to: 'Lost' }));
    expect(result).toEqual({ ok: false, errors: { 'data.to': ['"Lost" is not a valid choice.'] } });
  });

  it('checks the envelope and passes data of unknown types through', () => {
    expect(validateEvent({ ...envelope('consignment.consignment.created', {}), id: 'nope' }))
      .toEqual({ ok: false, errors: { id: ['Enter a valid UUID.'], 'data.consignment': ['This field is required.'] } });
    expect(validateEvent(envelope('manifest.manifest.created', { anything: 1 }))).toEqual({ ok: true });
    expect(validateEvent(envelope('toString.x.y', {}))).toEqual({ ok: false, errors: { type: expect.any(Array) } });
  });
});
