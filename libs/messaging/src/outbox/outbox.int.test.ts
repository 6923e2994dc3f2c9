import type { Database } from '@waybill/db';
import { eventually } from '@waybill/testing';
import { newEnvelope } from '../envelope';
import { busVariants, logger, uniqueName } from '../test-support/bus-variants';
import { FlakyBus } from '../test-support/flaky-bus';
import { useServiceDatabase, type ServiceDB } from '../test-support/outbox-fixture';
import type { EventBus, EventEnvelope } from '../types';
import { OutboxRelay, type OutboxRelayOptions } from './outbox.relay';
import { writeEvent, writeEvents } from './outbox.writer';

const databases = useServiceDatabase();
afterAll(() => databases.close());

describe.each(busVariants().map((v) => [v.name, v] as const))('outbox relay (%s)', (name, variant) => {
  let database: Database<ServiceDB>;
  let bus: EventBus;
  let received: EventEnvelope[];
  const relays: OutboxRelay[] = [];
  const startRelay = (opts: Partial<OutboxRelayOptions> = {}) => {
    const relay = new OutboxRelay({ database, bus, logger, pollIntervalMs: 50, ...opts });
    relays.push(relay);
    relay.start();
    return relay;
  };
  const ids = () => received.map((e) => e.id);

  beforeAll(async () => { database = await databases.open(`svc_outbox_${name.replace(/\W/g, '_')}`); });
  beforeEach(async () => {
    bus = await variant.newBus();
    received = [];
    await database.db.deleteFrom('outbox').execute();
    await bus.subscribe({ queue: uniqueName('test.outbox'), bindings: ['outbox.#'], handler: async (e) => { received.push(e); } });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await variant.cleanup();
  });

  /** A state change and its event, committed together as a service would. */
  const createWidget = (id: string) => database.db.transaction().execute(async (trx) => {
    await trx.insertInto('widgets').values({ id, name: id }).execute();
    const event = newEnvelope('outbox.widget.created', 'acme', { id });
    await writeEvent(trx, event);
    return event;
  });

  it('publishes events of a committed transaction and marks them published', async () => {
    startRelay();
    const event = await createWidget(uniqueName('w'));

    await eventually(() => ids().includes(event.id), { what: 'published event' });
    expect(received.find((e) => e.id === event.id)).toEqual(event);
    const row = await eventually(() => database.db.selectFrom('outbox').selectAll().where('id', '=', event.id).where('published_at', 'is not', null).executeTakeFirst());
    expect(row.attempts).toBe(0);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    startRelay();
    let rolledBack: EventEnvelope | undefined;
    await expect(database.db.transaction().execute(async (trx) => {
      rolledBack = newEnvelope('outbox.widget.created', 'acme', {});
      await writeEvent(trx, rolledBack);
      throw new Error('business rule failed');
    })).rejects.toThrow('business rule failed');
    const committed = await createWidget(uniqueName('w'));

    await eventually(() => ids().includes(committed.id), { what: 'the committed event' });
    expect(ids()).not.toContain(rolledBack!.id);
    expect(await database.db.selectFrom('outbox').select('id').where('id', '=', rolledBack!.id).execute()).toEqual([]);
  });

  it('refuses an event that breaks the contract, failing the whole transaction', async () => {
    const id = uniqueName('w');
    await expect(database.db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id, name: id }).execute();
      await writeEvent(trx, { ...newEnvelope('outbox.widget.created', 'acme', {}), company: 'Not A Slug' });
    })).rejects.toThrow(/company/);
    expect(await database.db.selectFrom('widgets').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('publishes at once on nudge, without waiting for the next poll', async () => {
    const relay = startRelay({ pollIntervalMs: 60_000 });
    const event = await createWidget(uniqueName('w'));

    relay.nudge();

    await eventually(() => ids().includes(event.id), { what: 'nudged event', timeoutMs: 5000 });
  });

  const writeMany = (n: number) => database.db.transaction().execute(async (trx) => {
    const events = Array.from({ length: n }, (_, i) => newEnvelope('outbox.widget.created', 'acme', { i }));
    for (const e of events) await writeEvent(trx, e);
    return events;
  });

  it('publishes the events of a transaction in the order they were written', async () => {
    const written = await writeMany(25);
    startRelay({ batchSize: 10 });

    await eventually(() => received.length >= 25, { what: 'all events' });
    expect(ids()).toEqual(written.map((e) => e.id));
  });

  it('publishes a batch written in one go (writeEvents) in order, and refuses a batch holding a bad event', async () => {
    const batch = Array.from({ length: 12 }, (_, i) => newEnvelope('outbox.widget.created', 'acme', { i }));
    await database.db.transaction().execute((trx) => writeEvents(trx, batch));
    const bad = { ...newEnvelope('outbox.widget.created', 'acme', {}), company: 'Not A Slug' };
    await expect(writeEvents(database.db, [newEnvelope('outbox.widget.created', 'acme', {}), bad])).rejects.toThrow(/company/);
    startRelay({ batchSize: 5 });
    const sentinel = await createWidget(uniqueName('w'));

    await eventually(() => ids().includes(sentinel.id), { what: 'sentinel' });
    expect(ids().filter((id) => id !== sentinel.id)).toEqual(batch.map((e) => e.id));
  });

  it('stop lets the batch in flight finish: its events are published and marked, and none goes out twice', async () => {
    const written = await writeMany(5);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let publishing = 0;
    const holdingBus: EventBus = {
      publish: async (e) => { publishing += 1; await held; await bus.publish(e); },
      subscribe: (o) => bus.subscribe(o), isHealthy: () => bus.isHealthy(), close: () => bus.close(),
    };
    const relay = startRelay({ bus: holdingBus, batchSize: 10 });
    await eventually(() => publishing === 5, { what: 'the batch in flight' });
    let stopped = false;
    const stopping = relay.stop().then(() => { stopped = true; });
    await new Promise((r) => setTimeout(r, 200));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
    await eventually(() => written.every((e) => ids().includes(e.id)), { what: 'the batch received' });
    const sentinel = await createWidget(uniqueName('w'));
    startRelay();
    await eventually(() => ids().includes(sentinel.id), { what: 'the next relay publishing' });
    expect(ids()).toEqual([...written.map((e) => e.id), sentinel.id]);
  });

  it('publishes each event once when several relay replicas run', async () => {
    const written = await writeMany(30);
    startRelay({ batchSize: 7 });
    startRelay({ batchSize: 7 });

    await eventually(() => received.length >= 30, { what: 'all events' });
    const sentinel = await createWidget(uniqueName('w'));
    await eventually(() => ids().includes(sentinel.id), { what: 'sentinel' });
    expect(ids().filter((id) => id !== sentinel.id).sort()).toEqual(written.map((e) => e.id).sort());
    // Consumers can see an event before the relay's marking transaction commits.
    await eventually(async () => (await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).length === 0, { what: 'all rows marked' });
  });

  it('records failed attempts, keeps the events and delivers them once publishing works again', async () => {
    const flaky = new FlakyBus(bus);
    flaky.rejecting = true;
    startRelay({ bus: flaky, maxBackoffMs: 100 });
    const event = await createWidget(uniqueName('w'));

    const row = await eventually(() => database.db.selectFrom('outbox').selectAll().where('id', '=', event.id).where('attempts', '>', 0).executeTakeFirst());
    expect(row.published_at).toBeNull();
    expect(row.last_error).toMatch(/broker unavailable/);
    flaky.rejecting = false;

    await eventually(() => ids().includes(event.id), { what: 'event after recovery' });
  });

  it('does not touch the outbox while the bus reports itself disconnected', async () => {
    const flaky = new FlakyBus(bus);
    flaky.disconnected = true;
    startRelay({ bus: flaky });
    const event = await createWidget(uniqueName('w'));
    const before = flaky.publishAttempts;

    flaky.disconnected = false;

    await eventually(() => ids().includes(event.id), { what: 'event after reconnect' });
    expect(before).toBe(0);
    const row = await database.db.selectFrom('outbox').select('attempts').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });

  it('deletes published rows after the retention period', async () => {
    startRelay({ retentionMs: 0, purgeIntervalMs: 0 });
    const event = await createWidget(uniqueName('w'));

    await eventually(() => ids().includes(event.id), { what: 'published event' });
    await eventually(async () => (await database.db.selectFrom('outbox').select('id').execute()).length === 0, { what: 'purge' });
  });
});
