import request from 'supertest';
import { sql } from 'kysely';
import { newEnvelope, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { createTestBus, eventually } from '@waybill/testing';
import { consumerDeps, startHarness, type Harness } from '../test-support';
import { startLabelsPrintedConsumer } from '../consumers/labels-printed.consumer';
import { bearer } from '../manifests/manifest-claim.fixture';

const recipient = { name: 'Ada', address: { address1: '1 Road', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } };

/** docs/api/labels-and-documents.md: a documents 200 means Printed is committed; the documents service asks the owner over this route. */
describe('marking a consignment Printed (internal POST .../printed)', () => {
  let h: Harness;
  let bus: EventBus;
  let sub: Subscription;

  beforeAll(async () => {
    h = await startHarness();
    bus = await createTestBus();
    sub = await startLabelsPrintedConsumer(consumerDeps(h, bus));
  });
  afterAll(async () => {
    await sub?.cancel();
    await bus?.close();
    await h?.close();
  });

  const printed = (id: string, principal = 'service:documents') => request(h.app).post(`/companies/acme/consignment/${id}/printed`).set('authorization', bearer('acme', principal)).send({});
  const statusChanges = async (id: string) => (await sql<{ payload: EventEnvelope }>`select payload from consignment.outbox where type = 'consignment.consignment.status_changed' order by seq`.execute(h.database.db)).rows
    .map((r) => r.payload.data as { consignment: { identifier: string }; to: string }).filter((d) => d.consignment.identifier === id && d.to === 'Printed');
  async function create(serviceId: string | null): Promise<string> {
    const res = await request(h.app).post('/companies/acme/consignments').set('authorization', bearer('acme', 'token:1'))
      .send([{ order_number: 'P-1', recipient, service_id: serviceId, packages: [{ weight: 1 }] }]);
    return res.body.success[0];
  }

  it('moves an Allocated consignment to Printed at once, once, and the later event changes nothing', async () => {
    const id = await create('Generic Carrier|Generic Domestic Service GDOM');
    const res = await printed(id);
    expect(res.status).toBe(200);
    expect(res.body.current_status).toEqual({ status: 'Printed', short_form: 'printed', rejection_reason: null });
    expect((await printed(id)).body.current_status.status).toBe('Printed');
    const event = newEnvelope('documents.labels.printed', 'acme', { consignment_identifier: id });
    await bus.publish(event);
    await eventually(async () => (await sql`select 1 from consignment.inbox where event_id = ${event.id}`.execute(h.database.db)).rows.length > 0, { what: 'event taken' });
    expect(await statusChanges(id)).toHaveLength(1);
  });

  it('leaves any other status alone, and is not there for a client', async () => {
    const id = await create(null);
    expect((await printed(id)).body.current_status.status).toBe('Unallocated');
    expect((await printed(id, 'token:1')).status).toBe(404);
    expect((await printed('0'.repeat(32))).status).toBe(404);
  });
});
