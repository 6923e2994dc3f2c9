import { randomUUID } from 'node:crypto';
import { Harness, newCompany } from '../test-support/harness';
import { createEndpoint } from '../test-support/scenario';
import { pumpCycle, type BatchClaimed, type DeliveryKey } from './delivery.pump-cycle';

const SETTINGS = { endpointConcurrency: 1, deferMs: 100, leaseMs: 30_000 };

/**
 * One pump cycle (the `pump_cycle` function) against deliveries of four endpoints in four states, as the
 * database holds them: what it claims, defers and fails, and what it records, in one call.
 */
describe('a pump cycle', () => {
  let h: Harness;
  // The sweeper and the pump of the harness's own service must not touch the rows this test writes.
  beforeAll(async () => {
    h = await Harness.start({ env: { WEBHOOK_SWEEP_INTERVAL: '10m', WEBHOOK_SWEEP_GRACE: '10m' } });
  });
  afterAll(async () => h?.close());

  it('records the successes, then claims, defers and fails each due delivery as its endpoint stands', async () => {
    const company = newCompany();
    const db = h.db.db;
    const now = new Date();
    const due = new Date(now.getTime() - 1000);
    const ids: Record<'free' | 'busy' | 'throttled' | 'disabled', string> = {} as never;
    for (const name of ['free', 'busy', 'throttled', 'disabled'] as const) {
      ids[name] = (await createEndpoint(h, company, { url: `http://127.0.0.1:9/${name}`, event_types: ['tracking_update'] })).id;
    }
    await db.updateTable('endpoints').set({ throttled_until: new Date(now.getTime() + 60_000) }).where('id', '=', ids.throttled).execute();
    await db.updateTable('endpoints').set({ enabled: false, disabled_reason: 'gone' }).where('id', '=', ids.disabled).execute();
    await db.updateTable('endpoints').set({ failing_since: new Date(now.getTime() - 60_000) }).where('id', '=', ids.free).execute();

    const event = (body: string) => ({ id: `ev-${randomUUID()}`, body });
    const [sent, e1, e2] = [event('{"n":0}'), event('{"n":1}'), event('{"n":2}')];
    await db.insertInto('messages').values([sent, e1, e2].map((e) => ({ event_id: e.id, company, event_type: 'tracking_update' as const, body: e.body }))).execute();
    // An attempt in flight on `busy` (the limit is 1), and one on `free` whose 2xx has just come back.
    const sentAttempt = randomUUID();
    await db.insertInto('deliveries').values([
      { event_id: sent.id, endpoint_id: ids.busy, company, state: 'sending', round_attempts: 1, lease_until: new Date(now.getTime() + 30_000) },
      { event_id: sent.id, endpoint_id: ids.free, company, state: 'sending', round_attempts: 1, lease_until: new Date(now.getTime() + 30_000) },
      ...Object.values(ids).map((endpoint_id) => ({ event_id: e1.id, endpoint_id, company, state: 'pending' as const, next_attempt_at: due })),
      { event_id: e2.id, endpoint_id: ids.free, company, state: 'succeeded' as const, next_attempt_at: due },
    ]).execute();
    await db.insertInto('attempts').values({ id: sentAttempt, event_id: sent.id, endpoint_id: ids.free, company, round: 1, attempt: 1, attempted_at: now, outcome: 'pending' }).execute();

    const keys: DeliveryKey[] = [...Object.values(ids).map((endpoint_id) => ({ company, event_id: e1.id, endpoint_id })), { company, event_id: e2.id, endpoint_id: ids.free }];
    const done = [{
      claim: { job: { company, event_id: sent.id, endpoint_id: ids.free, round: 1, attempt: 1 }, attemptId: sentAttempt, startedAt: now } as BatchClaimed,
      result: { ok: true, statusCode: 204, latencyMs: 12, responseHead: null, error: null },
    }];
    const batch = await pumpCycle(db, done, keys, SETTINGS, () => 0, now);

    // Claimed: the free endpoint's delivery (its slot freed by the success), with its body and endpoint.
    expect(batch.claimed.map((c) => [c.job.endpoint_id, c.job.event_id, c.job.attempt, c.body, c.endpoint.url])).toEqual([[ids.free, e1.id, 1, e1.body, 'http://127.0.0.1:9/free']]);
    expect(batch.busy.map((b) => b.key.endpoint_id)).toEqual([ids.busy]);
    expect(batch.throttled.map((t) => t.job.endpoint_id)).toEqual([ids.throttled]);
    expect(batch.throttled[0].delayMs).toBeGreaterThanOrEqual(60_000 - 1000);

    const rows = await db.selectFrom('deliveries').selectAll().where('company', '=', company).execute();
    const state = (eventId: string, endpointId: string) => rows.find((r) => r.event_id === eventId && r.endpoint_id === endpointId)!;
    expect(state(sent.id, ids.free)).toMatchObject({ state: 'succeeded', lease_until: null });
    expect(state(e1.id, ids.free)).toMatchObject({ state: 'sending', round_attempts: 1 });
    expect(state(e1.id, ids.busy)).toMatchObject({ state: 'pending' });
    expect(state(e1.id, ids.busy).deferred_at).not.toBeNull();
    expect(state(e1.id, ids.throttled)).toMatchObject({ state: 'pending', deferred_at: null });
    expect(new Date(state(e1.id, ids.throttled).next_attempt_at).getTime()).toBeGreaterThan(now.getTime() + 59_000);
    expect(state(e1.id, ids.disabled)).toMatchObject({ state: 'failed' });
    // A delivery that already succeeded is not due: nothing happens to it.
    expect(state(e2.id, ids.free)).toMatchObject({ state: 'succeeded' });

    const attempts = await db.selectFrom('attempts').selectAll().where('company', '=', company).orderBy('seq').execute();
    expect(attempts.map((a) => [a.event_id, a.endpoint_id, a.outcome, a.status_code])).toEqual([
      [sent.id, ids.free, 'success', 204],
      [e1.id, ids.free, 'pending', null],
    ]);
    expect(attempts[1].id).toBe(batch.claimed[0].attemptId);
    const free = await db.selectFrom('endpoints').select('failing_since').where('id', '=', ids.free).executeTakeFirstOrThrow();
    expect(free.failing_since).toBeNull();
  });

  it('records successes alone, and claims nothing from an empty list', async () => {
    const batch = await pumpCycle(h.db.db, [], [], SETTINGS, () => 0, new Date());
    expect(batch).toEqual({ claimed: [], busy: [], throttled: [] });
  });
});
