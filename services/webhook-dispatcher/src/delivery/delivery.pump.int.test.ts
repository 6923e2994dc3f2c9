import { eventually } from '@waybill/testing';
import { Harness, newCompany } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { assertProperWebhook, createEndpoint, settledAttempts } from '../test-support/scenario';
import { trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';
const EVENTS = 40;

describe('batched delivery of a burst', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  // The sweeper sweeps once at start and then not within the test: the pump alone must deliver the burst,
  // with no job (a job only comes from the sweeper, a failure, a 429 or a resend, none of which happen here).
  beforeAll(async () => {
    h = await Harness.start({ env: { WEBHOOK_ENDPOINT_CONCURRENCY: '2', WEBHOOK_DEFER: '50ms', WEBHOOK_TIMEOUT: '10s', WEBHOOK_SWEEP_INTERVAL: '10m' } });
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('delivers every event of a burst once to each endpoint, first attempt, never past the endpoint limit', async () => {
    const company = newCompany();
    const [a, b] = [await startReceiver(), await startReceiver()];
    receivers.push(a, b);
    const [epA, epB] = [await createEndpoint(h, company, { url: a.url }), await createEndpoint(h, company, { url: b.url })];

    const events = await Promise.all(Array.from({ length: EVENTS }, () => h.publish(TRACKING, company, trackingUpdated(1))));

    await eventually(() => a.received.length >= EVENTS && b.received.length >= EVENTS, { what: 'the burst delivered', timeoutMs: 120_000 });
    const ids = new Set(events.map((e) => e.id));
    for (const [rx, ep] of [[a, epA], [b, epB]] as const) {
      expect(rx.peakInFlight()).toBeLessThanOrEqual(2);
      expect(rx.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
      for (const r of rx.received) assertProperWebhook(rx, r, ep.secret);
      // Waiting for a slot is not an attempt: each delivery took exactly one, and it succeeded.
      const attempts = await settledAttempts(h, company, ep.id, (x) => x.length === EVENTS, 60_000);
      expect(attempts.every((x) => x.outcome === 'success')).toBe(true);
    }
    // The sweeper finds nothing left behind.
    await expect(h.sweep()).resolves.toEqual({ interrupted: 0, requeued: 0 });
  });
});
