import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BATCHED_FROM, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter';

// 30 s into a one-minute window, so a test never straddles a window boundary.
const MID_WINDOW = 29_000_000 * 60_000 + 30_000;

interface Variant { name: string; make(perMinute: number): RateLimiter; ttlOf?(key: string): Promise<number> }

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
const variants: Variant[] = [{ name: 'memory', make: (n) => new MemoryRateLimiter(n) }];
if (redis) {
  variants.push({
    name: 'redis',
    make: (n) => new RedisRateLimiter(redis, n),
    ttlOf: (key) => redis.pttl(`waybill:rl:${Math.floor(MID_WINDOW / 60_000)}:${key}`),
  });
}

afterAll(() => redis?.disconnect());

/** Every test's clock: 30 s into a window; `clock.now += 60_000` moves to the next one. */
const clock = { now: MID_WINDOW };
beforeEach(() => {
  clock.now = MID_WINDOW;
  jest.spyOn(Date, 'now').mockImplementation(() => clock.now);
});
afterEach(() => jest.restoreAllMocks());
const key = () => `test:${randomBytes(6).toString('hex')}`;

describe.each(variants.map((v) => [v.name, v] as const))('rate limiter (%s)', (_name, variant) => {

  it('allows the budget, then refuses with the seconds left in the window', async () => {
    const limiter = variant.make(3);
    const k = key();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(k));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3].retryAfter).toBe(30);
  });

  it('keeps one budget per key and starts afresh in the next window', async () => {
    const limiter = variant.make(1);
    const [a, b] = [key(), key()];
    expect((await limiter.hit(a)).allowed).toBe(true);
    expect((await limiter.hit(a)).allowed).toBe(false);
    expect((await limiter.hit(b)).allowed).toBe(true);
    clock.now += 60_000;
    expect((await limiter.hit(a)).allowed).toBe(true);
  });

  it('peeks at a budget without spending it', async () => {
    const limiter = variant.make(2);
    const k = key();
    expect(await limiter.peek(k)).toEqual({ allowed: true, retryAfter: 30 });
    await limiter.hit(k);
    expect((await limiter.peek(k)).allowed).toBe(true);
    await limiter.hit(k);
    expect((await limiter.peek(k)).allowed).toBe(false);
    expect((await limiter.peek(k, 3)).allowed).toBe(true);
    clock.now += 60_000;
    expect((await limiter.peek(k)).allowed).toBe(true);
  });

  if (variant.ttlOf) {
    it('never leaves a counter without an expiry', async () => {
      const limiter = variant.make(10);
      const k = key();
      await limiter.hit(k);
      await limiter.hit(k);
      const ttl = await variant.ttlOf!(k);
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(61_000);
    });
  }
});

describe('rate limiter (redis), budgets counted in batches', () => {
  const run = redis ? it : it.skip;
  const counted = (k: string) => redis!.get(`waybill:rl:${Math.floor(MID_WINDOW / 60_000)}:${k}`).then(Number);

  run('admits exactly the budget on one replica, then refuses', async () => {
    const limiter = new RedisRateLimiter(redis!, BATCHED_FROM);
    const k = key();
    const allowed = [];
    for (let i = 0; i < BATCHED_FROM + 5; i++) allowed.push((await limiter.hit(k)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(BATCHED_FROM);
    expect(allowed.slice(BATCHED_FROM)).toEqual([false, false, false, false, false]);
  });

  run('counts admitted hits in Redis within a flush, with an expiry', async () => {
    const limiter = new RedisRateLimiter(redis!, 6000);
    const k = key();
    for (let i = 0; i < 7; i++) await limiter.hit(k);
    expect(await limiter.peek(k, 8)).toEqual({ allowed: true, retryAfter: 30 });
    expect(await limiter.peek(k, 7)).toEqual({ allowed: false, retryAfter: 30 });
    await limiter.flush();
    expect(await counted(k)).toBe(7);
    const ttl = await redis!.pttl(`waybill:rl:${Math.floor(MID_WINDOW / 60_000)}:${k}`);
    expect(ttl).toBeGreaterThan(59_000);
  });

  run('lets replicas sharing a budget over it by no more than 5 % of it each', async () => {
    const replicas = [new RedisRateLimiter(redis!, 2000), new RedisRateLimiter(redis!, 2000)];
    const k = key();
    let allowed = 0;
    for (let i = 0; i < 2600; i++) if ((await replicas[i % 2].hit(k)).allowed) allowed += 1;
    expect(allowed).toBeGreaterThanOrEqual(2000);
    expect(allowed).toBeLessThanOrEqual(2000 + 2 * 0.05 * 2000);
  });
});
