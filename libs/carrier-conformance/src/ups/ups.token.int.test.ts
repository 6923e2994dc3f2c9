import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryTokenStore, RedisTokenStore, TokenCache, type TokenStore } from '@waybill/carriers';
import { booking } from '../bookings';
import { upsFixture } from './ups.fixture';

/**
 * Tokens shared by replicas: with REDIS_URL (the distributed mode) two replicas' caches share one Redis;
 * without it, the one-process mode's memory store. Either way one token request per account.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `test-ups-token-${randomBytes(4).toString('hex')}:`;
let redis: Redis | undefined;
let stores: TokenStore[];
let f: Awaited<ReturnType<typeof upsFixture>>;

beforeAll(async () => {
  f = await upsFixture();
  if (redisUrl) {
    redis = new Redis(redisUrl);
    stores = [new RedisTokenStore(redis, prefix), new RedisTokenStore(redis, prefix)];
  } else {
    const shared = new MemoryTokenStore();
    stores = [shared, shared];
  }
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await f.stop();
});

it(`one token request per account across replicas and concurrent bookings (${redisUrl ? 'Redis' : 'in-memory'} store)`, async () => {
  const replicas = stores.map((s) => new TokenCache(s, { lockMs: 5000, waitMs: 5000, pollMs: 10 }));
  const before = f.double.state.tokensIssued;
  // The same account on two replicas: same account id, each replica with its own adapter and cache.
  const carriers = replicas.map((tokens) => f.carrier({ tokens, accountId: 'shared-account' }));
  await Promise.all(Array.from({ length: 10 }, (_, i) => carriers[i % 2].book(booking('UPS Standard'))));
  expect(f.double.state.tokensIssued - before).toBe(1);
  expect(f.double.violations).toEqual([]);
});

it('drops a refused token only if it is still the stored one', async () => {
  const store = stores[0];
  await store.set('k', 'old', 60_000);
  await store.drop('k', 'other');
  expect(await store.get('k')).toBe('old');
  await store.drop('k', 'old');
  expect(await store.get('k')).toBeUndefined();
  expect(await store.lock('k', 60_000)).toBe(true);
  expect(await store.lock('k', 60_000)).toBe(false);
  await store.unlock('k');
  expect(await store.lock('k', 60_000)).toBe(true);
  await store.unlock('k');
});
