import { startStack, type Stack, type StackOptions } from '../../support/stack';
import { webhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { client } from '../../support/client';
import { privatePostgres, privateRabbit, privateRedis, type PrivateServer } from './servers';
import { steadyLoad } from './load';

/**
 * What a drill runs in: servers, the distributed stack on them and a merchant's webhook receiver; then
 * the steady load. Private servers in temporary folders (a drill that restarts them must never touch the
 * shared ones), or with `shared` the servers of DATABASE_URL, AMQP_URL and REDIS_URL when they are set.
 */
export function drillWorld(o: { shared?: boolean; env: Record<string, string>; stack?: StackOptions }) {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, AMQP_URL: process.env.AMQP_URL, REDIS_URL: process.env.REDIS_URL };
  let servers: PrivateServer[] = [];
  const world = {
    stack: undefined as unknown as Stack,
    rx: undefined as unknown as WebhookReceiver,
    load: undefined as ReturnType<typeof steadyLoad> | undefined,
    servers: () => servers,
    async setup(): Promise<void> {
      if (!(o.shared && saved.DATABASE_URL && saved.AMQP_URL && saved.REDIS_URL)) {
        servers = [await privatePostgres(), await privateRedis(), await privateRabbit()];
        const [pg, redis, rabbit] = servers;
        Object.assign(process.env, { DATABASE_URL: pg.url, REDIS_URL: redis.url, AMQP_URL: rabbit.url });
      }
      world.stack = await startStack('distributed', o.env, o.stack);
      world.rx = await webhookReceiver();
    },
    /** Registers the receiver as the demo company's endpoint and starts the steady load. */
    async startLoad(opts: Parameters<typeof steadyLoad>[1]): Promise<ReturnType<typeof steadyLoad>> {
      const endpoint = await client(world.stack).post('/webhooks/endpoints/', { url: world.rx.url, description: 'drills' });
      if (endpoint.status !== 201) throw new Error(`webhook endpoint not created: ${endpoint.status}`);
      world.rx.verifyOnArrival(endpoint.body.secret);
      world.load = steadyLoad(world.stack, opts);
      return world.load;
    },
    async teardown(): Promise<void> {
      await world.load?.stop();
      await world.stack?.stop().catch(() => undefined);
      await world.rx?.close();
      for (const s of servers) await s.destroy().catch(() => undefined);
      Object.assign(process.env, saved);
    },
  };
  return world;
}
