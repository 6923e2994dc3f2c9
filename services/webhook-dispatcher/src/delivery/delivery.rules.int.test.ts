import { randomUUID } from 'node:crypto';
import { Harness, newCompany } from '../test-support/harness';
import { createEndpoint } from '../test-support/scenario';
import { claimAttempt, type ClaimSettings } from './delivery.claim';
import { recordOutcome } from './delivery.outcome';
import { pumpCycle, type BatchClaimed } from './delivery.pump-cycle';

/**
 * The pump's rules exist in two places: the job path (`claimAttempt` and `recordOutcome`, TypeScript) and
 * the pump's cycle (`pump_cycle`, PL/pgSQL, functions/pump-cycle.function.ts). Every endpoint state and
 * every delivery state runs through both, on rows set up alike, and both must leave the same result.
 */
const SETTINGS: ClaimSettings = { endpointConcurrency: 1, deferMs: 100, leaseMs: 30_000 };
const OUTCOME = { retrySchedule: [0, 1000], disableAfterMs: 5 * 86_400_000 };

type EndpointState = 'free' | 'busy' | 'throttled' | 'disabled';
type DeliveryState = 'pending' | 'sending' | 'succeeded' | 'failed';

/** What became of a delivery, in the terms both paths share. */
interface Result {
  decision: 'claimed' | 'busy' | 'throttled' | 'none';
  state: DeliveryState;
  waitingForSlot: boolean;
  heldUntilThrottleEnds: boolean;
  pendingAttemptsLogged: number;
}

const ENDPOINT_STATES: EndpointState[] = ['free', 'busy', 'throttled', 'disabled'];
const DELIVERY_STATES: DeliveryState[] = ['pending', 'sending', 'succeeded', 'failed'];

/** What every rule says should happen to a due delivery in `d` of an endpoint in `e`. */
function expected(e: EndpointState, d: DeliveryState): Result {
  const none = { decision: 'none' as const, state: d, waitingForSlot: false, heldUntilThrottleEnds: false, pendingAttemptsLogged: 0 };
  if (d !== 'pending') return none;
  if (e === 'disabled') return { ...none, state: 'failed' };
  if (e === 'throttled') return { ...none, decision: 'throttled', heldUntilThrottleEnds: true };
  if (e === 'busy') return { ...none, decision: 'busy', waitingForSlot: true };
  return { ...none, decision: 'claimed', state: 'sending', pendingAttemptsLogged: 1 };
}

describe('the pump rules, through the job path and the pump cycle alike', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start({ env: { WEBHOOK_SWEEP_INTERVAL: '10m', WEBHOOK_SWEEP_GRACE: '10m' } });
  });
  afterAll(async () => h?.close());

  const now = new Date();
  const throttledUntil = new Date(now.getTime() + 60_000);

  /** A company with one endpoint in state `e` and one due delivery in state `d`; the key of that delivery. */
  async function arrange(e: EndpointState, d: DeliveryState) {
    const db = h.db.db;
    const company = newCompany();
    const endpoint = (await createEndpoint(h, company, { url: `http://127.0.0.1:9/${e}`, event_types: ['tracking_update'] })).id;
    if (e === 'throttled') await db.updateTable('endpoints').set({ throttled_until: throttledUntil }).where('id', '=', endpoint).execute();
    if (e === 'disabled') await db.updateTable('endpoints').set({ enabled: false, disabled_reason: 'manual' }).where('id', '=', endpoint).execute();
    const [busyEvent, event] = [`ev-${randomUUID()}`, `ev-${randomUUID()}`];
    await db.insertInto('messages').values([busyEvent, event].map((id) => ({ event_id: id, company, event_type: 'tracking_update' as const, body: '{}' }))).execute();
    if (e === 'busy') {
      await db.insertInto('deliveries').values({ event_id: busyEvent, endpoint_id: endpoint, company, state: 'sending', round_attempts: 1, lease_until: new Date(now.getTime() + 30_000) }).execute();
    }
    await db.insertInto('deliveries').values({
      event_id: event, endpoint_id: endpoint, company, state: d, next_attempt_at: new Date(now.getTime() - 1000),
      lease_until: d === 'sending' ? new Date(now.getTime() + 30_000) : null,
    }).execute();
    return { company, event_id: event, endpoint_id: endpoint };
  }

  async function observe(key: { company: string; event_id: string; endpoint_id: string }, decision: Result['decision']): Promise<Result> {
    const db = h.db.db;
    const row = await db.selectFrom('deliveries').selectAll().where('event_id', '=', key.event_id).where('endpoint_id', '=', key.endpoint_id).executeTakeFirstOrThrow();
    const attempts = await db.selectFrom('attempts').select('outcome').where('event_id', '=', key.event_id).where('outcome', '=', 'pending').execute();
    return {
      decision, state: row.state, waitingForSlot: row.deferred_at !== null,
      heldUntilThrottleEnds: row.state === 'pending' && new Date(row.next_attempt_at).getTime() >= throttledUntil.getTime(),
      pendingAttemptsLogged: attempts.length,
    };
  }

  describe.each(ENDPOINT_STATES)('an endpoint that is %s', (e) => {
    it.each(DELIVERY_STATES)('and a delivery that is %s: both paths decide alike', async (d) => {
      const viaJob = await arrange(e, d);
      const claim = await claimAttempt(h.db.db, { ...viaJob, round: 1, attempt: 1 }, SETTINGS, now);
      const jobDecision = claim.kind === 'claimed' ? 'claimed' : claim.kind === 'deferred' ? (e === 'throttled' ? 'throttled' : 'busy') : 'none';

      const viaPump = await arrange(e, d);
      const batch = await pumpCycle(h.db.db, [], [viaPump], SETTINGS, () => 0, now);
      const pumpDecision = batch.claimed.length ? 'claimed' : batch.busy.length ? 'busy' : batch.throttled.length ? 'throttled' : 'none';

      expect(await observe(viaJob, jobDecision)).toEqual(expected(e, d));
      expect(await observe(viaPump, pumpDecision)).toEqual(expected(e, d));
    });
  });

  describe.each([
    ['in the attempt\'s round', 1, 'succeeded'],
    ['after a resend started round 2', 2, 'sending'],
  ] as const)('a 2xx coming back for a delivery %s', (_, round, after) => {
    it('ends the delivery (or not) alike on both paths, and clears the endpoint\'s failure streak', async () => {
      const outcomes = [];
      for (const path of ['job', 'pump'] as const) {
        const key = await arrange('free', 'sending');
        const db = h.db.db;
        await db.updateTable('deliveries').set({ round }).where('event_id', '=', key.event_id).execute();
        await db.updateTable('endpoints').set({ failing_since: new Date(now.getTime() - 60_000) }).where('id', '=', key.endpoint_id).execute();
        const attemptId = randomUUID();
        await db.insertInto('attempts').values({ id: attemptId, ...key, round: 1, attempt: 1, attempted_at: now, outcome: 'pending' }).execute();
        const result = { ok: true, statusCode: 204, latencyMs: 5, responseHead: null, error: null };
        const job = { ...key, round: 1, attempt: 1 };
        if (path === 'job') await recordOutcome(db, job, attemptId, now, result, OUTCOME, now);
        else await pumpCycle(db, [{ claim: { job, attemptId, startedAt: now } as BatchClaimed, result }], [], SETTINGS, () => 0, now);
        const row = await db.selectFrom('deliveries').select('state').where('event_id', '=', key.event_id).executeTakeFirstOrThrow();
        const attempt = await db.selectFrom('attempts').select(['outcome', 'status_code']).where('id', '=', attemptId).executeTakeFirstOrThrow();
        const endpoint = await db.selectFrom('endpoints').select('failing_since').where('id', '=', key.endpoint_id).executeTakeFirstOrThrow();
        outcomes.push({ state: row.state, attempt, failing: endpoint.failing_since !== null });
      }
      expect(outcomes[0]).toEqual({ state: after, attempt: { outcome: 'success', status_code: 204 }, failing: false });
      expect(outcomes[1]).toEqual(outcomes[0]);
    });
  });
});
