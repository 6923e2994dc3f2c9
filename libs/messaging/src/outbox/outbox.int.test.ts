import { eventually, createTestDatabase, type TestDatabase } from '@waybill/testing';
import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { newEnvelope } from '../envelope';
import { InProcessEventBus } from '../in-process/in-process-event-bus';
import { logger } from '../test-support/bus-variants';
import type { EventEnvelope } from '../types';
import { outboxMigration } from './outbox.migration';
import { OutboxRelay } from './outbox.relay';
import type { OutboxDatabase } from './outbox.table';
import { writeEvent, writeEvents } from './outbox.writer';

describe('transactional outbox', () => {
  let tdb: TestDatabase;
  let database: Database<OutboxDatabase>;
  let bus: InProcessEventBus;
  let relay: OutboxRelay;
  const received: EventEnvelope[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    database = openDatabase<OutboxDatabase>(tdb.target, 'svc_outbox');
    await migrateToLatest(database.db, 'svc_outbox', { '20260101000000_outbox': outboxMigration });
    bus = new InProcessEventBus({ logger, retryDelayMs: 10 });
    await bus.subscribe({ queue: 'test.outbox', bindings: ['#'], handler: async (e) => { received.push(e); } });
    relay = new OutboxRelay({ database, bus, logger, pollIntervalMs: 20 });
    relay.start();
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await tdb.drop();
  });

  it('publishes the events of a committed transaction in the order they were written', async () => {
    const batch = Array.from({ length: 5 }, (_, i) => newEnvelope('consignment.consignment.created', 'acme', { i }));
    const single = newEnvelope('consignment.consignment.allocated', 'acme', { i: 5 });
    await database.db.transaction().execute(async (trx) => {
      await writeEvents<OutboxDatabase>(trx, batch);
      await writeEvent<OutboxDatabase>(trx, single);
    });
    relay.nudge();

    await eventually(() => received.length >= 6, { what: 'six events' });
    expect(received.map((e) => e.id)).toEqual([...batch, single].map((e) => e.id));
    expect(received[2]).toEqual(batch[2]);
  });

  it('publishes nothing for a rolled-back transaction or a batch holding an invalid envelope', async () => {
    const before = received.length;
    await expect(database.db.transaction().execute(async (trx) => {
      await writeEvents<OutboxDatabase>(trx, [newEnvelope('consignment.consignment.created', 'acme', { n: 1 })]);
      throw new Error('state change failed');
    })).rejects.toThrow('state change failed');
    const invalid = { ...newEnvelope('consignment.consignment.created', 'acme', {}), id: 'not-a-uuid' };
    await expect(writeEvents(database.db, [newEnvelope('consignment.consignment.created', 'acme', { n: 2 }), invalid])).rejects.toThrow(/id must be a uuid/);
    const marker = newEnvelope('consignment.consignment.updated', 'acme', { marker: true });
    await writeEvent(database.db, marker);
    relay.nudge();

    await eventually(() => received.some((e) => e.id === marker.id), { what: 'the marker event' });
    expect(received.slice(before).map((e) => e.id)).toEqual([marker.id]);
  });
});
