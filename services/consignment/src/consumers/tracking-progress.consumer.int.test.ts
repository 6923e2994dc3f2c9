import request from 'supertest';
import { sql } from 'kysely';
import { newEnvelope, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { createTestBus, eventually } from '@waybill/testing';
import { consumerDeps, startHarness, type Harness } from '../test-support';
import { enableCarrier, upsertSettings, upsertWarehouse } from '../companies/company.repository';
import { startTrackingProgressConsumer } from './tracking-progress.consumer';

const consignment = { order_number: 'TRK-1', recipient: { name: 'Ada', address: { address1: '1 A St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } }, packages: [{ weight: 1 }], carrier: 'generic' };
const at = (h: number) => new Date(Date.UTC(2026, 10, 22, h)).toISOString();

describe('tracking progress consumer (integration)', () => {
  let h: Harness;
  let bus: EventBus;
  let sub: Subscription;

  beforeAll(async () => {
    h = await startHarness('acme');
    bus = await createTestBus();
    // A second company that has not turned tracking on.
    await upsertSettings(h.database.db, { company: 'quiet-co', extraCustomFields: false, trackingEnabled: false });
    await upsertWarehouse(h.database.db, { company: 'quiet-co', name: 'Main', timezone: 'Europe/London', isDefault: true, address: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' } });
    await enableCarrier(h.database.db, 'quiet-co', 'generic');
    sub = await startTrackingProgressConsumer(consumerDeps(h, bus));
  });
  afterAll(async () => {
    await sub?.cancel();
    await bus?.close();
    await h?.close();
  });

  async function create(company = 'acme'): Promise<string> {
    const res = await request(h.app).post(`/companies/${company}/consignments`).set('authorization', h.auth(company)).send([consignment]);
    return res.body.success[0];
  }
  const status = async (id: string, company = 'acme') => (await request(h.app).get(`/companies/${company}/consignment/${id}`).set('authorization', h.auth(company))).body.current_status.status;
  const history = async (id: string) => (await request(h.app).get(`/companies/acme/consignment/${id}/history`).set('authorization', h.auth())).body.map((x: { status: string }) => x.status);

  /** Publishes a progress and waits until the consumer has taken it (its inbox row exists). */
  async function progress(company: string, id: string, s: string, occurredAt: string): Promise<void> {
    const event = newEnvelope('tracking.consignment.progressed', company, { consignment_identifier: id, status: s, occurred_at: occurredAt });
    await bus.publish(event);
    await eventually(async () => (await sql<{ n: number }>`select count(*)::int as n from consignment.inbox where event_id = ${event.id}`.execute(h.database.db)).rows[0].n === 1, { what: 'progress consumed' });
  }
  const outboxStatusChanges = async (id: string) => (await sql<{ payload: EventEnvelope }>`select payload from consignment.outbox where type = 'consignment.consignment.status_changed' order by seq`.execute(h.database.db)).rows
    .map((r) => r.payload).filter((p) => (p.data as { consignment: { identifier: string } }).consignment.identifier === id);

  it('moves a consignment to Despatched, then Delivered, recording history and status_changed events', async () => {
    const id = await create();
    await progress('acme', id, 'Despatched', at(9));
    expect(await status(id)).toBe('Despatched');
    await progress('acme', id, 'Delivered', at(12));
    expect(await status(id)).toBe('Delivered');
    expect(await history(id)).toEqual(['Allocated', 'Despatched', 'Delivered']);
    const events = await outboxStatusChanges(id);
    expect(events.map((e) => [(e.data as { from: string }).from, (e.data as { to: string }).to])).toEqual([['Allocated', 'Despatched'], ['Despatched', 'Delivered']]);
    expect((events[1].data as { consignment: { current_status: { status: string } } }).consignment.current_status.status).toBe('Delivered');
  });

  it('never moves backwards when an older progress arrives late', async () => {
    const id = await create();
    await progress('acme', id, 'Delivered', at(12));
    await progress('acme', id, 'Despatched', at(9));
    await progress('acme', id, 'Exception', at(10));
    expect(await status(id)).toBe('Delivered');
    expect(await history(id)).toEqual(['Allocated', 'Delivered']);
  });

  it('enters Exception and leaves it only for a later progress', async () => {
    const id = await create();
    await progress('acme', id, 'Despatched', at(8));
    await progress('acme', id, 'Exception', at(10));
    expect(await status(id)).toBe('Exception');
    await progress('acme', id, 'Despatched', at(9));
    expect(await status(id)).toBe('Exception');
    await progress('acme', id, 'Despatched', at(11));
    expect(await status(id)).toBe('Despatched');
  });

  it('does not move a consignment of a company without tracking, a cancelled one, or one of another company', async () => {
    const quiet = await create('quiet-co');
    await progress('quiet-co', quiet, 'Despatched', at(9));
    expect(await status(quiet, 'quiet-co')).toBe('Allocated');
    const cancelled = await create();
    await request(h.app).delete(`/companies/acme/consignment/${cancelled}`).set('authorization', h.auth());
    await progress('acme', cancelled, 'Delivered', at(9));
    expect(await status(cancelled)).toBe('Cancelled');
    const mine = await create();
    await progress('quiet-co', mine, 'Despatched', at(9));
    expect(await status(mine)).toBe('Allocated');
  });
});
