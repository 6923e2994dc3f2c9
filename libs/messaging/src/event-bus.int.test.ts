import { eventually } from '@waybill/testing';
import { newEnvelope } from './envelope';
import { busVariants, uniqueName } from './test-support/bus-variants';
import type { EventEnvelope } from './types';

describe.each(busVariants().map((v) => [v.name, v] as const))('event bus (%s)', (_name, variant) => {
  afterEach(() => variant.cleanup());

  it('delivers a published event to a subscribed handler, trace context included', async () => {
    const bus = await variant.newBus();
    const received: EventEnvelope[] = [];
    await bus.subscribe({ queue: uniqueName('test.deliver'), bindings: ['consignment.consignment.allocated'], handler: async (e) => { received.push(e); } });
    const event = newEnvelope('consignment.consignment.allocated', 'acme', { consignment: 'c-1' }, { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });

    await bus.publish(event);

    await eventually(() => received.length === 1, { what: 'delivery' });
    expect(received[0]).toEqual(event);
    expect(bus.isHealthy()).toBe(true);
  });

  it('routes by topic pattern: * is one word, # is any number of words', async () => {
    const bus = await variant.newBus();
    const types: string[] = [];
    await bus.subscribe({ queue: uniqueName('test.patterns'), bindings: ['manifest.*.created', 'tracking.#'], handler: async (e) => { types.push(e.type); } });

    for (const type of ['manifest.manifest.created', 'manifest.manifest.doc.created', 'other.manifest.created', 'tracking.status.changed', 'tracking.pod.retrieved.v2']) {
      await bus.publish(newEnvelope(type, 'acme', {}));
    }

    await eventually(() => types.length >= 3, { what: 'matching events' });
    // Routing happens at publish time, so once the matching ones are in, the others never come.
    expect(types.sort()).toEqual(['manifest.manifest.created', 'tracking.pod.retrieved.v2', 'tracking.status.changed']);
  });

  it('retries a failing handler up to maxAttempts, then dead-letters the event', async () => {
    const bus = await variant.newBus();
    const queue = uniqueName('test.failing');
    let attempts = 0;
    await bus.subscribe({ queue, bindings: ['webhook.endpoint.failed'], maxAttempts: 3, handler: async () => { attempts++; throw new Error('downstream is down'); } });
    const event = newEnvelope('webhook.endpoint.failed', 'acme', { n: 1 });

    await bus.publish(event);

    const dead = await eventually(async () => { const d = await variant.deadLetters(queue); return d.length > 0 && d; }, { what: 'dead letter' });
    expect(JSON.parse(dead[0].body).id).toBe(event.id);
    expect(attempts).toBe(3);
  });

  it('recovers when a handler fails transiently', async () => {
    const bus = await variant.newBus();
    const queue = uniqueName('test.transient');
    let attempts = 0;
    await bus.subscribe({ queue, bindings: ['consignment.consignment.cancelled'], handler: async () => { if (++attempts < 3) throw new Error('flaky'); } });

    await bus.publish(newEnvelope('consignment.consignment.cancelled', 'acme', {}));

    await eventually(() => attempts === 3, { what: 'third attempt' });
    expect(await variant.deadLetters(queue)).toEqual([]);
  });

  it('lets consumers of one queue compete: each event is handled once', async () => {
    const [a, b] = [await variant.newBus(), await variant.newBus()];
    const queue = uniqueName('test.compete');
    const seen = { a: [] as string[], b: [] as string[] };
    const slowly = (into: string[]) => async (e: EventEnvelope) => { await new Promise((r) => setImmediate(r)); into.push(e.id); };
    await a.subscribe({ queue, bindings: ['consignment.#'], prefetch: 1, handler: slowly(seen.a) });
    await b.subscribe({ queue, bindings: ['consignment.#'], prefetch: 1, handler: slowly(seen.b) });
    const ids: string[] = [];

    for (let i = 0; i < 20; i++) {
      const e = newEnvelope('consignment.consignment.created', 'acme', { i });
      ids.push(e.id);
      await a.publish(e);
    }

    await eventually(() => seen.a.length + seen.b.length >= 20, { what: 'all events handled' });
    expect([...seen.a, ...seen.b].sort()).toEqual(ids.sort());
    expect(seen.a.length).toBeGreaterThan(0);
    expect(seen.b.length).toBeGreaterThan(0);
  });

  it('broadcasts to exclusive per-replica queues: each replica gets every event until it leaves', async () => {
    const [a, b] = [await variant.newBus(), await variant.newBus()];
    const seen = { a: [] as string[], b: [] as string[] };
    const subA = await a.subscribe({ queue: uniqueName('test.broadcast.a'), exclusive: true, bindings: ['delivery_options.rules.changed'], handler: async (e) => { seen.a.push(e.id); } });
    const subB = await b.subscribe({ queue: uniqueName('test.broadcast.b'), exclusive: true, bindings: ['delivery_options.rules.changed'], handler: async (e) => { seen.b.push(e.id); } });
    const first = newEnvelope('delivery_options.rules.changed', 'acme', { change: 'rule.created' });

    await a.publish(first);

    await eventually(() => seen.a.length === 1 && seen.b.length === 1, { what: 'delivery to both replicas' });
    expect([seen.a, seen.b]).toEqual([[first.id], [first.id]]);
    await subA.cancel();
    const second = newEnvelope('delivery_options.rules.changed', 'acme', { change: 'rule.updated' });
    await b.publish(second);
    await eventually(() => seen.b.length === 2, { what: 'delivery to the remaining replica' });
    expect(seen.a).toEqual([first.id]);
    await subB.cancel();
  });

  it('stops delivering after cancel and keeps the queue for the next consumer', async () => {
    const bus = await variant.newBus();
    const queue = uniqueName('test.cancel');
    const first: string[] = [];
    const sub = await bus.subscribe({ queue, bindings: ['documents.label.created'], handler: async (e) => { first.push(e.id); } });
    await sub.cancel();
    const event = newEnvelope('documents.label.created', 'acme', {});
    await bus.publish(event);
    const second: string[] = [];

    await bus.subscribe({ queue, bindings: ['documents.label.created'], handler: async (e) => { second.push(e.id); } });

    await eventually(() => second.length === 1, { what: 'delivery to the new consumer' });
    expect(first).toEqual([]);
  });

  if (variant.publishRaw) {
    it('dead-letters a message that is not JSON without calling the handler', async () => {
      const bus = await variant.newBus();
      const queue = uniqueName('test.poison');
      let calls = 0;
      await bus.subscribe({ queue, bindings: ['poison.message.sent'], handler: async () => { calls++; } });

      await variant.publishRaw!('poison.message.sent', '{not json');

      const dead = await eventually(async () => { const d = await variant.deadLetters(queue); return d.length > 0 && d; }, { what: 'dead letter' });
      expect(dead[0].body).toBe('{not json');
      expect(dead[0].error).toMatch(/not JSON/);
      expect(calls).toBe(0);
    });
  }
});
