import { createLogger } from '@waybill/logger';
import { FailOpenRateLimiter } from './fail-open';
import { MemoryRateLimiter, type RateLimiter } from './rate-limiter';

describe('a rate limiter whose store fails', () => {
  const broken: RateLimiter = {
    hit: async () => { throw new Error('Reached the max retries per request limit'); },
    peek: async () => { throw new Error('Connection is closed.'); },
  };

  it('lets requests through instead of failing them, and reports the outage once per 10 s', async () => {
    const warnings: unknown[] = [];
    const logger = createLogger('test', { level: 'silent' });
    logger.warn = ((o: unknown) => { warnings.push(o); }) as typeof logger.warn;
    const limiter = new FailOpenRateLimiter(broken, logger);
    expect(await limiter.hit('token:1')).toEqual({ allowed: true, retryAfter: 1 });
    expect(await limiter.peek('fail:127.0.0.1', 30)).toEqual({ allowed: true, retryAfter: 1 });
    expect(warnings).toHaveLength(1);
  });

  it('keeps the working store\'s decisions', async () => {
    const limiter = new FailOpenRateLimiter(new MemoryRateLimiter(2), createLogger('test', { level: 'silent' }));
    const decisions = [await limiter.hit('k'), await limiter.hit('k'), await limiter.hit('k')].map((d) => d.allowed);
    expect(decisions).toEqual([true, true, false]);
  });
});
