import type { Database } from '@waybill/db';
import { eventually } from '@waybill/testing';
import { newEnvelope } from '../envelope';
import { busVariants, uniqueName } from '../test-support/bus-variants';
import { useServiceDatabase, type ServiceDB } from '../test-support/outbox-fixture';
import { idempotent } from './idempotent-handler';

const databases = useServiceDatabase();
let database: Database<ServiceDB>;
beforeAll(async () => { database = await databases.open('svc_inbox'); });
afterAll(() => databases.close());

const widgetCount = async (id: string) => (await database.db.selectFrom('widgets').select('id').where('name', '=', id).execute()).length;

/** The handler's effect: one widget row per event; the primary key is the row's own id, not the event's. */
const createWidget = (consumer: string, calls: { n: number }) => idempotent(database, consumer, async (trx, event) => {
  calls.n++;
  await trx.insertInto('widgets').values({ id: uniqueName('row'), name: (event.data as { id: string }).id }).execute();
});

describe('idempotent consumer', () => {
  it('applies an event delivered twice only once', async () => {
    const calls = { n: 0 };
    const handler = createWidget('widgets.on-created', calls);
    const event = newEnvelope('inbox.widget.created', 'acme', { id: uniqueName('w') });

    await handler(event);
    await handler(event);

    expect(calls.n).toBe(1);
    expect(await widgetCount(event.data.id)).toBe(1);
  });

  it('applies concurrent duplicates only once', async () => {
    const calls = { n: 0 };
    const handler = createWidget('widgets.concurrent', calls);
    const event = newEnvelope('inbox.widget.created', 'acme', { id: uniqueName('w') });

    await Promise.all([handler(event), handler(event), handler(event)]);

    expect(await widgetCount(event.data.id)).toBe(1);
  });

  it('records nothing when the handler fails, so the retry applies the event', async () => {
    let fail = true;
    const handler = idempotent(database, 'widgets.flaky', async (trx, event) => {
      await trx.insertInto('widgets').values({ id: uniqueName('row'), name: (event.data as { id: string }).id }).execute();
      if (fail) throw new Error('transient');
    });
    const event = newEnvelope('inbox.widget.created', 'acme', { id: uniqueName('w') });

    await expect(handler(event)).rejects.toThrow('transient');
    fail = false;
    await handler(event);

    expect(await widgetCount(event.data.id)).toBe(1);
  });

  it('tracks each consumer separately', async () => {
    const event = newEnvelope('inbox.widget.created', 'acme', { id: uniqueName('w') });

    await createWidget('consumer-a', { n: 0 })(event);
    await createWidget('consumer-b', { n: 0 })(event);
    await createWidget('consumer-a', { n: 0 })(event);

    expect(await widgetCount(event.data.id)).toBe(2);
  });
});

describe.each(busVariants().map((v) => [v.name, v] as const))('idempotent consumer on the bus (%s)', (_name, variant) => {
  afterEach(() => variant.cleanup());

  it('has one effect when the same event is published twice', async () => {
    const bus = await variant.newBus();
    const calls = { n: 0 };
    let deliveries = 0;
    const handler = createWidget('widgets.via-bus', calls);
    await bus.subscribe({ queue: uniqueName('test.inbox'), bindings: ['inbox.#'], handler: async (e) => { await handler(e); deliveries++; } });
    const event = newEnvelope('inbox.widget.created', 'acme', { id: uniqueName('w') });

    await bus.publish(event);
    await bus.publish(event);

    await eventually(() => deliveries === 2, { what: 'both deliveries' });
    expect(calls.n).toBe(1);
    expect(await widgetCount(event.data.id)).toBe(1);
  });
});
