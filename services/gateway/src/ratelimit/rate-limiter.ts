import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; `limit` overrides the per-minute budget for keys that need a tighter one. */
  hit(key: string, limit?: number): Promise<RateDecision>;
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
}

/** The same windows in Redis, so every gateway replica counts against one budget per credential. */
export class RedisRateLimiter implements RateLimiter {
  /** `prefix` keeps installations (or test stacks) sharing one Redis on separate budgets. */
  constructor(private readonly redis: Redis, private readonly perMinute: number, private readonly prefix = 'waybill') {}

  async hit(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const redisKey = `${this.prefix}:rl:${w.id}:${key}`;
    const res = await this.redis.multi().incr(redisKey).pexpire(redisKey, WINDOW_MS + 1000).exec();
    const n = Number(res?.[0]?.[1] ?? 0);
    return { allowed: n <= limit, retryAfter: w.retryAfter };
  }
}
