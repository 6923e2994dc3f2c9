import { randomUUID } from 'node:crypto';
import { SchemaId, validate, validateEvent } from '@waybill/contracts';
import { bodyForEvent, proofOfDeliveryBody, returnCreatedBody, testBody, trackingUpdateBody } from './webhook-bodies';
import { podRetrieved, trackingUpdated } from '../test-support/fixtures';

describe('webhook bodies', () => {
  it('turns tracking.tracking.updated into the tracking_update body of docs/api/webhooks.md', () => {
    const id = randomUUID();
    const body = trackingUpdateBody(id, trackingUpdated(2));
    expect(validate(SchemaId.TrackingUpdateWebhook, body)).toEqual({ ok: true });
    expect(body).toMatchObject({ event_type: 'tracking_update', event_id: id, payload_version: '2025.1', carrier_slug: 'generic', count: 2 });
    expect(body.trackings[0]).toEqual({
      tracking_number: 'GEN100000', consignment_identifier: trackingUpdated().trackings[0].consignment_identifier, consignment_number: 'CN-0',
      order_number: 'ORD-0', id: 5000, carrier: 'Generic Carrier',
      events: [
        { status: 'IN_TRANSIT', description: 'Departed hub', timestamp: '2025-03-01T09:30:00', carrier_code: 'DEP', location: 'Leeds' },
        { status: 'OUT_FOR_DELIVERY', timestamp: '2025-03-02T07:05:00' },
      ],
    });
  });

  it('turns tracking.pod.retrieved into the proof_of_delivery body of docs/api/webhooks.md', () => {
    const id = randomUUID();
    const body = proofOfDeliveryBody(id, podRetrieved());
    expect(validate(SchemaId.ProofOfDeliveryWebhook, body)).toEqual({ ok: true });
    expect(body.payload[0]).not.toHaveProperty('package_reference');
    expect(body.payload[0].package_tracking_number).toBe('GEN100000');
  });

  it('turns consignment.return.created into the return_created body of docs/api/returns.md', () => {
    const data = {
      consignment_identifier: 'r1', return_for: 'o1', order_number: 'ORD-9', reason: 'too_small', carrier: 'Generic Carrier',
      service_id: 'Generic Carrier|Generic Returns GRTN', tracking_numbers: ['GC000000000001'], items: [{ sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: 'too_small' }],
    };
    const event = { id: randomUUID(), type: 'consignment.return.created', occurred_at: new Date().toISOString(), company: 'acme', data: { ...data, internal: 'x' } };
    expect(validateEvent(event)).toEqual({ ok: true });
    const body = bodyForEvent(event.type, event.id, event.data);
    expect(validate(SchemaId.ReturnCreatedWebhook, body)).toEqual({ ok: true });
    expect(body).toEqual({ event_type: 'return_created', event_id: event.id, payload_version: '2025.1', payload: data });
    expect(returnCreatedBody('e', { ...data, items: [{ quantity: 2 }] }).payload.items).toEqual([{ sku: null, name: null, quantity: 2, reason: null }]);
  });

  it('keeps fields a newer producer adds to the event out of the public body', () => {
    const data = trackingUpdated(1);
    const extended = { ...data, internal: 'x', trackings: [{ ...data.trackings[0], parcel_secret: 'y' }] };
    const event = { id: randomUUID(), type: 'tracking.tracking.updated', occurred_at: new Date().toISOString(), company: 'acme', data: extended };
    expect(validateEvent(event)).toEqual({ ok: true });
    expect(validate(SchemaId.TrackingUpdateWebhook, bodyForEvent(event.type, event.id, extended))).toEqual({ ok: true });
  });

  it('has a test body and none for event types without a webhook', () => {
    expect(validate(SchemaId.TestWebhook, testBody('e-1'))).toEqual({ ok: true });
    expect(bodyForEvent('consignment.consignment.created', 'e', {})).toBeUndefined();
  });

  it('is refused by the contract when a field breaks docs/api/webhooks.md bounds, so the tests would notice', () => {
    const body = trackingUpdateBody('e', trackingUpdated(1, { carrier_slug: 'x'.repeat(51) }));
    expect(validate(SchemaId.TrackingUpdateWebhook, body)).toEqual({ ok: false, errors: { carrier_slug: ['Ensure this field has no more than 50 characters.'] } });
  });
});
