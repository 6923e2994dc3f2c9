import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter';

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

describe.each(variants.map((v) => [v.name, v] as const))('rate limiter (%s)', (_name, variant) => {
  let now = MID_WINDOW;
  beforeEach(() => {
    now = MID_WINDOW;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());
  const key = () => `test:${randomBytes(6).toString('hex')}`;

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
    now += 60_000;
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
    now += 60_000;
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
