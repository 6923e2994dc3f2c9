import request from 'supertest';
import { EventType, SchemaId, validate } from '@waybill/contracts';
import { createLogger } from '@waybill/logger';
import { newEnvelope, OutboxRelay, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { createTestBus, eventually } from '@waybill/testing';
import { consumerDeps, type Harness } from '../test-support';
import { bearer, claimHarness, createConsignments, parcel } from '../manifests/manifest-claim.fixture';
import { startDashboardConsumer } from './dashboard.consumer';
import * as migration from '../migrations/20261126000000_dashboard';

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('dashboard read model (integration)', () => {
  let h: Harness;
  let bus: EventBus;
  let sub: Subscription;
  let relay: OutboxRelay;

  beforeAll(async () => {
    h = await claimHarness();
    bus = await createTestBus();
    sub = await startDashboardConsumer(consumerDeps(h, bus));
    relay = new OutboxRelay({ database: h.database, bus, logger: createLogger('test', { level: 'silent' }), pollIntervalMs: 50 });
    relay.start();
  });
  afterAll(async () => {
    await relay?.stop();
    await sub?.cancel();
    await bus?.close();
    await h?.close();
  });

  const auth = (company = 'acme') => bearer(company, 'user:ops');
  const dashboard = (days?: string, company = 'acme') => request(h.app).get(`/companies/${company}/dashboard/consignments${days ? `?days=${days}` : ''}`).set('authorization', auth(company));
  const consignment = async (id: string, company = 'acme') => (await request(h.app).get(`/companies/${company}/consignment/${id}`).set('authorization', auth(company))).body;

  /** What tracking would make of a consignment: its status_changed event, as the consignment service writes it. */
  async function statusChanged(id: string, to: string, occurredAt = new Date(), company = 'acme'): Promise<EventEnvelope> {
    const c = await consignment(id, company);
    const event = newEnvelope(EventType.ConsignmentStatusChanged, company, {
      consignment: { ...c, current_status: { ...c.current_status, status: to } }, from: c.current_status.status, to,
    });
    return { ...event, occurred_at: occurredAt.toISOString() };
  }

  it('counts what the consignment events say, by day, carrier and status, once each', async () => {
    const [late, onTime, broken, keep] = await createConsignments(h.app, 'acme', [
      parcel({ expected_delivery_date: yesterday }), parcel({ expected_delivery_date: tomorrow }), parcel(), parcel(),
    ]);
    const [waiting, cancelled] = await createConsignments(h.app, 'acme', [parcel({ service_id: undefined }), parcel({ service_id: undefined })]);
    expect((await request(h.app).delete(`/companies/acme/consignment/${cancelled}`).set('authorization', auth())).status).toBe(200);
    await createConsignments(h.app, 'other', [parcel({ warehouse_id: 'other|Main' })]);
    const delivered = [await statusChanged(late, 'Delivered'), await statusChanged(onTime, 'Delivered'), await statusChanged(broken, 'Exception')];
    for (const e of delivered) await bus.publish(e);
    // A redelivery and an older event arriving late change nothing.
    await bus.publish(delivered[0]);
    await bus.publish(await statusChanged(onTime, 'Allocated', new Date(Date.now() - 60_000)));

    await eventually(async () => {
      const body = (await dashboard()).body;
      return body.created_per_day?.at(-1)?.total === 6 && body.today_by_status?.Delivered === 2 && body.today_by_status?.Exception === 1;
    }, { what: 'the dashboard took in every event' });
    const body = (await dashboard()).body;
    expect(body).toMatchObject({ days: 30, to: today, carriers: ['Generic Carrier', 'Unallocated'] });
    expect(validate(SchemaId.ConsignmentDashboard, body)).toEqual({ ok: true });
    expect(body.created_per_day).toHaveLength(30);
    expect(body.created_per_day.at(-1)).toEqual({ day: today, total: 6, by_carrier: { 'Generic Carrier': 4, Unallocated: 2 } });
    expect(body.created_per_day.slice(0, -1).every((d: { total: number }) => d.total === 0)).toBe(true);
    expect(body.today_by_status).toEqual({ Allocated: 1, Delivered: 2, Exception: 1, Unallocated: 1, Cancelled: 1 });
    expect(body.on_time_by_carrier).toEqual([{ carrier: 'Generic Carrier', delivered: 2, due_known: 2, on_time: 1, on_time_share: 0.5 }]);
    expect(body.open_exceptions).toEqual({ exception: 1, refused: 0 });
    // Expected yesterday but delivered: not late.
    expect(body.late).toBe(0);
    expect((await dashboard('7')).body.created_per_day).toHaveLength(7);
    expect((await dashboard(undefined, 'other')).body.created_per_day.at(-1).total).toBe(1);

    const queue = (await request(h.app).get('/companies/acme/dashboard/exceptions').set('authorization', auth())).body;
    expect(validate(SchemaId.ExceptionQueue, queue)).toEqual({ ok: true });
    expect(queue.results).toEqual([expect.objectContaining({ identifier: broken, status: 'Exception', kind: 'exception', carrier: 'Generic Carrier' })]);
    expect([keep, waiting]).not.toContain(queue.results[0].identifier);
  });

  it('counts consignments past their expected date until they are delivered', async () => {
    const late = async () => (await dashboard(undefined, 'other')).body.late as number;
    const before = await late();
    const [overdue, due] = await createConsignments(h.app, 'other', [
      parcel({ warehouse_id: 'other|Main', expected_delivery_date: yesterday }), parcel({ warehouse_id: 'other|Main', expected_delivery_date: today }),
    ]);
    expect(due).toBeDefined();
    await eventually(async () => (await late()) === before + 1, { what: 'the overdue consignment counted late' });
    await bus.publish(await statusChanged(overdue, 'Delivered', new Date(), 'other'));
    await eventually(async () => (await late()) === before, { what: 'the delivered consignment no longer late' });
  });

  it('builds the read model from the consignments there are when the migration runs on an existing database', async () => {
    const before = (await dashboard()).body;
    await migration.down(h.database.db);
    await migration.up(h.database.db);
    const after = (await dashboard()).body;
    // Built from the table: the consignments as stored (the events above moved no stored status).
    expect(after.created_per_day.at(-1)).toEqual(before.created_per_day.at(-1));
    expect(after.today_by_status).toEqual({ Allocated: 4, Unallocated: 1, Cancelled: 1 });
    expect(after.carriers).toEqual(before.carriers);
  });

  it('refuses a period it does not offer, saying which it does', async () => {
    const res = await dashboard('5');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/7, 30, 90/);
    expect((await request(h.app).get('/companies/acme/dashboard/exceptions?limit=0').set('authorization', auth())).status).toBe(400);
  });
});
