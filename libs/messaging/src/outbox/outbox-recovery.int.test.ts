import type { Database } from '@waybill/db';
import { eventually } from '@waybill/testing';
import { newEnvelope } from '../envelope';
import { RabbitEventBus } from '../rabbit/rabbit-event-bus';
import { deleteTestQueues, logger, uniqueName } from '../test-support/bus-variants';
import { useServiceDatabase, type ServiceDB } from '../test-support/outbox-fixture';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy';
import type { EventEnvelope } from '../types';
import { OutboxRelay } from './outbox.relay';
import { writeEvent } from './outbox.writer';

/**
 * A broker outage, simulated by a TCP proxy in front of the shared RabbitMQ: events committed while
 * it is down stay in the outbox and go out exactly once when it is back. The in-process variant of
 * this scenario (a bus that reports itself down) is in outbox.int.test.ts.
 */
const amqpUrl = process.env.AMQP_URL;
const describeWithBroker = amqpUrl ? describe : describe.skip;

describeWithBroker('outbox relay across a broker outage (rabbitmq)', () => {
  const databases = useServiceDatabase();
  let database: Database<ServiceDB>;
  let proxy: TcpProxy;
  let bus: RabbitEventBus;
  let relay: OutboxRelay;
  const queue = uniqueName('test.outage');
  const received = new Map<string, number>();

  beforeAll(async () => {
    database = await databases.open('svc_outage');
    const target = new URL(amqpUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5672));
    const proxied = new URL(amqpUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    bus = await RabbitEventBus.connect({ url: proxied.toString(), logger, retryDelayMs: 10 });
    // Subscribed through the proxy too, so the outage also proves the consumer re-attaches.
    await bus.subscribe({ queue, bindings: ['outage.#'], handler: async (e) => { received.set(e.id, (received.get(e.id) ?? 0) + 1); } });
    relay = new OutboxRelay({ database, bus, logger, pollIntervalMs: 100 });
    relay.start();
  });
  afterAll(async () => {
    await relay?.stop();
    await bus?.close();
    await proxy?.close();
    if (amqpUrl) await deleteTestQueues(amqpUrl, [queue]);
    await databases.close();
  });

  const unpublished = () => database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute();
  const commit = (n: number) => database.db.transaction().execute(async (trx) => {
    const events: EventEnvelope[] = [];
    for (let i = 0; i < n; i++) {
      const e = newEnvelope('outage.widget.created', 'acme', { i });
      await writeEvent(trx, e);
      events.push(e);
    }
    return events;
  });

  it('keeps events committed during the outage and delivers each exactly once afterwards', async () => {
    const [before] = await commit(1);
    relay.nudge();
    await eventually(() => received.has(before.id), { what: 'delivery before the outage' });
    // The consumer may see it before the relay's transaction that marks it has committed.
    await eventually(async () => (await unpublished()).length === 0, { what: 'relay to mark it published' });

    proxy.cut();
    await eventually(() => !bus.isHealthy(), { what: 'bus to notice the outage' });
    const during = [...(await commit(10)), ...(await commit(10))];
    relay.nudge();
    // Two refused reconnects take several relay polls: long enough to see nothing leaks out.
    await eventually(() => proxy.refused >= 2, { what: 'reconnect attempts', timeoutMs: 20_000 });
    const pending = await unpublished();
    expect(pending.map((r) => r.id).sort()).toEqual(during.map((e) => e.id).sort());
    expect(during.some((e) => received.has(e.id))).toBe(false);

    proxy.restore();
    await eventually(() => bus.isHealthy(), { what: 'reconnection', timeoutMs: 30_000 });
    await eventually(() => during.every((e) => received.has(e.id)), { what: 'delivery after the outage', timeoutMs: 30_000 });
    const [after] = await commit(1);
    relay.nudge();
    await eventually(() => received.has(after.id), { what: 'a later event' });

    expect(during.map((e) => received.get(e.id))).toEqual(during.map(() => 1));
    await eventually(async () => (await unpublished()).length === 0, { what: 'every row marked published' });
  });
});
