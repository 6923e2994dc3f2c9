import { MemoryRateLimiter } from './rate-limiter';

describe('MemoryRateLimiter', () => {
  it('holds a key with its own tighter limit to that limit, and others to the default budget', async () => {
    const limiter = new MemoryRateLimiter(100);
    const tight = [];
    for (let i = 0; i < 5; i++) tight.push((await limiter.hit('fail:10.0.0.1', 3)).allowed);
    expect(tight).toEqual([true, true, true, false, false]);
    for (let i = 0; i < 5; i++) expect((await limiter.hit('token:abc')).allowed).toBe(true);
  });

  it('answers a Retry-After within the current minute', async () => {
    const decision = await new MemoryRateLimiter(0).hit('k');
    expect(decision.allowed).toBe(false);
    expect(decision.retryAfter).toBeGreaterThanOrEqual(1);
    expect(decision.retryAfter).toBeLessThanOrEqual(60);
  });
});
