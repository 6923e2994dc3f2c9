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
 * Adds hits to a window's counter and gives the key its expiry when it has none, atomically, in one
 * round trip: this runs for the hits of every request through the gateway.
 */
const HIT_SCRIPT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
type ScriptedRedis = Redis & { waybillRateHits(key: string, ttlMs: number, hits: number): Promise<number> };

/** Budgets from this size on are counted in batches; smaller ones (the failed-login budget among them) hit by hit. */
export const BATCHED_FROM = 1000;
/** Hits a replica admits before they are counted in Redis, as a share of the budget. */
const LOCAL_SHARE = 0.05;
/** Past this share of the budget every hit is counted in Redis before it is answered. */
const EXACT_PAST = 0.9;
const FLUSH_MS = 50;

/** One key's window as this replica sees it: the count Redis last answered, and hits admitted since. */
interface LocalCount { window: number; known: number; pending: number }

/**
 * The same windows in Redis, so every gateway replica counts against one budget per credential.
 * A small budget is counted hit by hit. A large one (the per-credential request budget) is counted in
 * batches every 50 ms, so the everyday request costs no Redis round trip: a replica admits at most 5 %
 * of the budget before its hits are counted, and once a key's count nears the budget (90 %), every hit
 * is counted before it is answered. Over-admission is so bounded by 5 % of the budget per replica.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: ScriptedRedis;
  private readonly local = new Map<string, LocalCount>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** `prefix` keeps installations (or test stacks) sharing one Redis on separate budgets. */
  constructor(redis: Redis, private readonly perMinute: number, private readonly prefix = 'waybill') {
    if (!('waybillRateHits' in redis)) redis.defineCommand('waybillRateHits', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  private keyOf(windowId: number, key: string): string {
    return `${this.prefix}:rl:${windowId}:${key}`;
  }

  private async count(redisKey: string, hits: number): Promise<number> {
    return Number(await this.redis.waybillRateHits(redisKey, WINDOW_MS + 1000, hits));
  }

  async hit(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const redisKey = this.keyOf(w.id, key);
    if (limit < BATCHED_FROM) return { allowed: (await this.count(redisKey, 1)) <= limit, retryAfter: w.retryAfter };
    let c = this.local.get(redisKey);
    if (!c) {
      c = { window: w.id, known: 0, pending: 0 };
      this.local.set(redisKey, c);
    }
    if (c.pending + 1 <= limit * LOCAL_SHARE && c.known + c.pending + 1 <= limit * EXACT_PAST) {
      c.pending += 1;
      this.scheduleFlush();
      return { allowed: true, retryAfter: w.retryAfter };
    }
    const hits = c.pending + 1;
    c.pending = 0;
    const n = await this.count(redisKey, hits);
    c.known = Math.max(c.known, n);
    return { allowed: n <= limit, retryAfter: w.retryAfter };
  }

  async peek(key: string, limit = this.perMinute): Promise<RateDecision> {
    const w = windowOf(Date.now());
    const redisKey = this.keyOf(w.id, key);
    const n = Number(await this.redis.get(redisKey) ?? 0) + (this.local.get(redisKey)?.pending ?? 0);
    return { allowed: n < limit, retryAfter: w.retryAfter };
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Counts the admitted hits in Redis; a failed count is tried again with the next flush. Ended windows are forgotten. */
  async flush(): Promise<void> {
    const current = windowOf(Date.now()).id;
    await Promise.all([...this.local].map(async ([redisKey, c]) => {
      if (c.pending === 0) {
        if (c.window < current) this.local.delete(redisKey);
        return;
      }
      const hits = c.pending;
      c.pending = 0;
      try {
        c.known = Math.max(c.known, await this.count(redisKey, hits));
      } catch {
        c.pending += hits;
        this.scheduleFlush();
      }
    }));
  }
}
