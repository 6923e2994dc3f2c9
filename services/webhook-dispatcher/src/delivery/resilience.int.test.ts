import type { EventEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { Harness, newCompany, realServers, type HarnessOptions } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { assertProperWebhook, createEndpoint, type CreatedEndpoint } from '../test-support/scenario';
import { trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';
// Streams of 40 events across a restart or an outage: allow for a loaded machine.
jest.setTimeout(150_000);

/** Every event arrived, verified, exactly once: nothing lost and no second successful delivery. */
async function expectEachExactlyOnce(h: Harness, rx: Receiver, ep: CreatedEndpoint, events: EventEnvelope[]): Promise<void> {
  const ids = events.map((e) => e.id);
  await eventually(() => ids.every((id) => rx.successesById().get(id) === 1), { timeoutMs: 90_000, what: `all ${ids.length} events delivered` });
  await h.sweep();
  expect(rx.received).toHaveLength(ids.length);
  expect([...rx.successesById().values()].every((n) => n === 1)).toBe(true);
  for (const r of rx.received) assertProperWebhook(rx, r, ep.secret);
  // The dispatcher records each success a moment after the receiver has answered.
  const recorded = async () => (await h.db.db.selectFrom('attempts').select('event_id').where('endpoint_id', '=', ep.id).where('outcome', '=', 'success').execute()).map((s) => s.event_id);
  await eventually(async () => (await recorded()).length >= ids.length, { what: 'successes recorded' });
  expect((await recorded()).sort()).toEqual([...ids].sort());
}

/** A dispatcher with one endpoint and a way to publish a stream of events to it, for one describe block. */
function streamSetup(opts: HarnessOptions) {
  const ctx = {} as { h: Harness; rx: Receiver; ep: CreatedEndpoint; events: EventEnvelope[]; publish(n: number): Promise<void> };
  beforeAll(async () => {
    // A timeout far above the test receiver's answer time, even on a starved machine: an answer after
    // the timeout is rightly retried (at-least-once), which would be a second delivery here.
    ctx.h = await Harness.start({ ...opts, env: { WEBHOOK_TIMEOUT: '30s' } });
    ctx.rx = await startReceiver();
    const company = newCompany();
    ctx.ep = await createEndpoint(ctx.h, company, { url: ctx.rx.url });
    ctx.events = [];
    ctx.publish = async (n) => {
      for (let i = 0; i < n; i++) ctx.events.push(await ctx.h.publish(TRACKING, company, trackingUpdated(1)));
    };
  });
  afterAll(async () => {
    await ctx.h?.close();
    await ctx.rx?.close();
  });
  return ctx;
}

describe('a stream of events across a dispatcher restart', () => {
  const s = streamSetup({});

  it('loses nothing and sends nothing twice when the dispatcher stops mid-stream and starts again', async () => {
    await s.publish(20);
    // Stopped while deliveries of those are still queued or in flight; events keep coming while it is down.
    await s.h.restart(() => s.publish(10));
    await s.publish(10);

    await expectEachExactlyOnce(s.h, s.rx, s.ep, s.events);
  });
});

(realServers ? describe : describe.skip)('a stream of events across a broker outage', () => {
  const s = streamSetup({ proxied: true });

  it('loses nothing and sends nothing twice when the dispatcher loses RabbitMQ mid-stream', async () => {
    await s.publish(20);
    // Unacknowledged messages are redelivered after the outage: the inbox must absorb them.
    s.h.proxy!.cut();
    await s.publish(15);
    await eventually(async () => (await fetch(s.h.readyzUrl())).status === 503, { what: 'dispatcher notices the outage' });
    s.h.proxy!.restore();
    await s.publish(5);

    await expectEachExactlyOnce(s.h, s.rx, s.ep, s.events);
  });
});

(realServers ? describe : describe.skip)('an answered attempt while the database is away', () => {
  it('records the success once the database is back, and sends nothing twice', async () => {
    const h = await Harness.start({ proxiedDb: true, env: { WEBHOOK_TIMEOUT: '30s' } });
    // The database goes away just as the receiver answers, for longer than a few quick retries last.
    let restored = false;
    const rx = await startReceiver((_r, nth) => {
      if (nth === 1) {
        h.dbProxy!.cut();
        setTimeout(() => { h.dbProxy!.restore(); restored = true; }, 6_000);
      }
      return { status: 200 };
    });
    try {
      const company = newCompany();
      const ep = await createEndpoint(h, company, { url: rx.url });
      const event = await h.publish(TRACKING, company, trackingUpdated(1));
      await eventually(() => restored, { timeoutMs: 30_000, what: 'the database back' });
      await expectEachExactlyOnce(h, rx, ep, [event]);
      expect(h.dbProxy!.refused).toBeGreaterThan(0);
    } finally {
      await rx.close();
      await h.close();
    }
  });
});
