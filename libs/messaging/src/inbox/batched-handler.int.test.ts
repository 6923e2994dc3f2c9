import type { Database } from '@waybill/db';
import { newEnvelope } from '../envelope';
import { uniqueName } from '../test-support/bus-variants';
import { useServiceDatabase, type ServiceDB } from '../test-support/outbox-fixture';
import type { EventEnvelope } from '../types';
import { batchedIdempotent } from './batched-handler';

const databases = useServiceDatabase();
let database: Database<ServiceDB>;
beforeAll(async () => { database = await databases.open('svc_batched_inbox'); });
afterAll(() => databases.close());

const widgetNames = async (names: string[]) => (await database.db.selectFrom('widgets').select('name').where('name', 'in', names).orderBy('id').execute()).map((r) => r.name);
const event = (name: string) => newEnvelope('inbox.widget.created', 'acme', { name });
const nameOf = (e: EventEnvelope) => (e.data as { name: string }).name;
/** Row ids that sort in the order the handler wrote them. */
function rowIds(): () => string {
  const prefix = uniqueName('row');
  let n = 0;
  return () => `${prefix}-${String(n++).padStart(4, '0')}`;
}

describe('batched idempotent consumer', () => {
  it('applies events that arrive together in one transaction, each once, duplicates and redeliveries included', async () => {
    const batches: string[][] = [];
    const rowId = rowIds();
    const handle = batchedIdempotent(database, uniqueName('widgets.batched'), { maxBatch: 50, maxWaitMs: 0 }, async (trx, events) => {
      batches.push(events.map(nameOf));
      for (const e of events) await trx.insertInto('widgets').values({ id: rowId(), name: nameOf(e) }).execute();
    });
    const events = Array.from({ length: 5 }, () => event(uniqueName('w')));
    const names = events.map(nameOf);

    await Promise.all([...events, events[2]].map((e) => handle(e)));
    await handle(events[0]);

    expect(batches).toEqual([names]);
    expect(await widgetNames(names)).toEqual(names);
  });

  it('applies the others when one event of a batch cannot be applied, and that one on its retry', async () => {
    let poison: string | undefined;
    const consumer = uniqueName('widgets.one-bad');
    const rowId = rowIds();
    const handle = batchedIdempotent(database, consumer, { maxBatch: 50, maxWaitMs: 0 }, async (trx, events) => {
      for (const e of events) {
        if (nameOf(e) === poison) throw new Error(`cannot apply ${poison}`);
        await trx.insertInto('widgets').values({ id: rowId(), name: nameOf(e) }).execute();
      }
    });
    const events = Array.from({ length: 4 }, () => event(uniqueName('w')));
    const names = events.map(nameOf);
    poison = names[1];

    const outcomes = await Promise.allSettled(events.map((e) => handle(e)));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await widgetNames(names)).toEqual([names[0], names[2], names[3]]);
    poison = undefined;
    await handle(events[1]);
    await handle(events[3]);
    expect((await widgetNames(names)).sort()).toEqual([...names].sort());
  });
});
