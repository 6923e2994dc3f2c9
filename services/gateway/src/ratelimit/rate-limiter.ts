import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; `limit` overrides the per-minute budget for keys that need a tighter one. */
  hit(key: string, limit?: number): Promise<RateDecision>;
  /** Whether one more hit would still be allowed, without counting one. */
  peek(key: string, limit?: number): Promise<RateDecision>;
}

const WINDOW_MS = 60_000;

function windowOf(now: number): { id: number; retryAfter: number } {
  const id = Math.floor(now / WINDOW_MS);
  return { id, retryAfter: Math.max(1, Math.ceil(((id + 1) * WINDOW_MS - now) / 1000)) };
}

/** Fixed one-minute windows in memory: right for one process (the local demo). */
export class MemoryRateLimiter implements RateLimiter {
  private counts = new Map<string, number>();
  private current = -1;
  constructor(private readonly perMinute: number) {}

  async hit(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    if (w.id !== this.current) {
      this.counts.clear();
      this.current = w.id;
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return { allowed: n <= limit, retryAfter: w.retryAfter };
  }

  async peek(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const n = w.id === this.current ? this.counts.get(key) ?? 0 : 0;
    return { allowed: n < limit, retryAfter: w.retryAfter };
  }
}

/**
 * Counts a hit and gives the window's key its expiry on the first one, atomically. One EVALSHA per
 * request instead of MULTI/INCR/PEXPIRE/EXEC: this runs on every request through the gateway.
 */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
type ScriptedRedis = Redis & { waybillRateHit(key: string, ttlMs: number): Promise<number> };

/** The same windows in Redis, so every gateway replica counts against one budget per credential. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: ScriptedRedis;
  /** `prefix` keeps installations (or test stacks) sharing one Redis on separate budgets. */
  constructor(redis: Redis, private readonly perMinute: number, private readonly prefix = 'waybill') {
    if (!('waybillRateHit' in redis)) redis.defineCommand('waybillRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async hit(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const n = Number(await this.redis.waybillRateHit(`${this.prefix}:rl:${w.id}:${key}`, WINDOW_MS + 1000));
    return { allowed: n <= limit, retryAfter: w.retryAfter };
  }

  async peek(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const n = Number(await this.redis.get(`${this.prefix}:rl:${w.id}:${key}`) ?? 0);
    return { allowed: n < limit, retryAfter: w.retryAfter };
  }
}
