import { eventually } from '@waybill/testing';
import { Harness, newCompany } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { createEndpoint, settledAttempts } from '../test-support/scenario';
import { trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';

describe('endpoint health and fairness', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    // A long schedule and a 1.5 s "5 days", so the window, not the schedule, ends the failures.
    h = await Harness.start({ env: { WEBHOOK_RETRY_SCHEDULE: '0,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms', WEBHOOK_DISABLE_AFTER: '1500ms', WEBHOOK_ENDPOINT_CONCURRENCY: '2', WEBHOOK_TIMEOUT: '5s' } });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await h?.close();
  });

  it('disables an endpoint that keeps failing for the whole window ("failing"), and enabling it starts afresh', async () => {
    const company = newCompany();
    const rx = await startReceiver(() => ({ status: 500 }));
    receivers.push(rx);
    const ep = await createEndpoint(h, company, { url: rx.url });

    await h.publish(TRACKING, company, trackingUpdated(1));

    const disabled = await eventually(async () => {
      const body = (await h.api(company).get(`/webhooks/endpoints/${ep.id}`)).body;
      return body.disabled_reason === 'failing' && body;
    }, { timeoutMs: 15_000, what: 'disabled as failing' });
    expect(disabled.enabled).toBe(false);
    const attempts = await settledAttempts(h, company, ep.id, () => true);
    expect(attempts.every((a) => a.outcome === 'failure')).toBe(true);
    expect(attempts.length).toBeLessThan(12);
    // Disabled only once the streak, from the first failed attempt, had lasted the window.
    const row = await h.db.db.selectFrom('endpoints').select(['failing_since', 'updated_at']).where('id', '=', ep.id).executeTakeFirstOrThrow();
    expect(new Date(row.failing_since!).toISOString()).toBe(attempts[attempts.length - 1].attempted_at);
    expect(new Date(row.updated_at).getTime() - new Date(row.failing_since!).getTime()).toBeGreaterThanOrEqual(1500);

    const patched = await h.api(company).patch(`/webhooks/endpoints/${ep.id}`, { enabled: true });
    expect(patched.body).toMatchObject({ enabled: true, disabled_reason: null });
    rx.behave(() => ({ status: 200 }));
    const again = await h.publish(TRACKING, company, trackingUpdated(1));
    await eventually(() => rx.successesById().get(again.id) === 1, { what: 'delivery after re-enabling' });
  });

  it('keeps a slow receiver to its concurrency limit, so it never holds up another endpoint', async () => {
    const company = newCompany();
    const slow = await startReceiver(() => 'hang');
    const fast = await startReceiver();
    receivers.push(slow, fast);
    await createEndpoint(h, company, { url: slow.url });
    const epFast = await createEndpoint(h, company, { url: fast.url });

    const events = [];
    for (let i = 0; i < 12; i++) events.push(await h.publish(TRACKING, company, trackingUpdated(1)));

    // Every event reaches the fast endpoint while the slow one sits on its two slots.
    await eventually(() => fast.received.length === 12, { what: 'fast endpoint served' });
    expect(slow.peakInFlight()).toBe(2);
    expect(slow.received).toHaveLength(2);
    expect(new Set(fast.received.map((r) => r.json.event_id))).toEqual(new Set(events.map((e) => e.id)));
    expect((await settledAttempts(h, company, epFast.id, (a) => a.length === 12)).every((a) => a.outcome === 'success')).toBe(true);
  });
});
