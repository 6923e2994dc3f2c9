import type { EventEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { Harness, newCompany, realServers } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { assertProperWebhook, createEndpoint, type CreatedEndpoint } from '../test-support/scenario';
import { trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';

/** Every event arrived, verified, exactly once: nothing lost and no second successful delivery. */
async function expectEachExactlyOnce(h: Harness, rx: Receiver, ep: CreatedEndpoint, events: EventEnvelope[]): Promise<void> {
  const ids = events.map((e) => e.id);
  await eventually(() => ids.every((id) => rx.successesById().get(id) === 1), { timeoutMs: 45_000, what: `all ${ids.length} events delivered` });
  await h.sweep();
  expect(rx.received).toHaveLength(ids.length);
  expect([...rx.successesById().values()].every((n) => n === 1)).toBe(true);
  for (const r of rx.received) assertProperWebhook(rx, r, ep.secret);
  // The dispatcher records each success a moment after the receiver has answered.
  const recorded = async () => (await h.db.db.selectFrom('attempts').select('event_id').where('endpoint_id', '=', ep.id).where('outcome', '=', 'success').execute()).map((s) => s.event_id);
  await eventually(async () => (await recorded()).length >= ids.length, { what: 'successes recorded' });
  expect((await recorded()).sort()).toEqual([...ids].sort());
}

describe('a stream of events across a dispatcher restart', () => {
  let h: Harness;
  let rx: Receiver;
  beforeAll(async () => {
    // A timeout well above the test receiver's answer time: an answer after the timeout is rightly
    // retried (at-least-once), which would be a second delivery here.
    h = await Harness.start({ env: { WEBHOOK_TIMEOUT: '10s' } });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await h?.close();
    await rx?.close();
  });

  it('loses nothing and sends nothing twice when the dispatcher stops mid-stream and starts again', async () => {
    const company = newCompany();
    const ep = await createEndpoint(h, company, { url: rx.url });
    const events: EventEnvelope[] = [];
    const publish = async (n: number) => {
      for (let i = 0; i < n; i++) events.push(await h.publish(TRACKING, company, trackingUpdated(1)));
    };

    await publish(20);
    // Stopped while deliveries of those are still queued or in flight; events keep coming while it is down.
    await h.restart(() => publish(10));
    await publish(10);

    await expectEachExactlyOnce(h, rx, ep, events);
  });
});

(realServers ? describe : describe.skip)('a stream of events across a broker outage', () => {
  let h: Harness;
  let rx: Receiver;
  beforeAll(async () => {
    h = await Harness.start({ proxied: true, env: { WEBHOOK_TIMEOUT: '10s' } });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await h?.close();
    await rx?.close();
  });

  it('loses nothing and sends nothing twice when the dispatcher loses RabbitMQ mid-stream', async () => {
    const company = newCompany();
    const ep = await createEndpoint(h, company, { url: rx.url });
    const events: EventEnvelope[] = [];
    const publish = async (n: number) => {
      for (let i = 0; i < n; i++) events.push(await h.publish(TRACKING, company, trackingUpdated(1)));
    };

    await publish(20);
    // Unacknowledged messages are redelivered after the outage: the inbox must absorb them.
    h.proxy!.cut();
    await publish(15);
    await eventually(async () => (await fetch(h.readyzUrl())).status === 503, { what: 'dispatcher notices the outage' });
    h.proxy!.restore();
    await publish(5);

    await expectEachExactlyOnce(h, rx, ep, events);
  });
});
