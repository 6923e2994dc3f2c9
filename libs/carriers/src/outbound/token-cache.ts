/**
 * Access tokens of carrier accounts (OAuth client credentials), shared by every replica: one token per
 * account, kept until shortly before it expires, and at most one token request per account at a time
 * (one in this process by a shared promise, one across replicas by a short lock in the store).
 */
export interface TokenStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, token: string, ttlMs: number): Promise<void>;
  /** Removes the token only if it is still this one (another replica may have replaced it). */
  drop(key: string, token: string): Promise<void>;
  /** A lock for fetching; false when another holder has it. It lapses after `ttlMs`. */
  lock(key: string, ttlMs: number): Promise<boolean>;
  unlock(key: string): Promise<void>;
}

/** The one-process mode's store. */
export class MemoryTokenStore implements TokenStore {
  private readonly values = new Map<string, { value: string; until: number }>();

  async get(key: string) {
    const hit = this.values.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    this.values.delete(key);
    return undefined;
  }

  async set(key: string, token: string, ttlMs: number) {
    this.values.set(key, { value: token, until: Date.now() + ttlMs });
  }

  async drop(key: string, token: string) {
    if (this.values.get(key)?.value === token) this.values.delete(key);
  }

  async lock(key: string, ttlMs: number) {
    // Checked and taken with no await between, so two callers cannot both take it.
    const held = this.values.get(`${key}:lock`);
    if (held && held.until > Date.now()) return false;
    this.values.set(`${key}:lock`, { value: '1', until: Date.now() + ttlMs });
    return true;
  }

  async unlock(key: string) {
    this.values.delete(`${key}:lock`);
  }
}

/** The commands the Redis store uses (ioredis's signatures), so the seam needs no Redis client of its own. */
export interface RedisCommands {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, px: 'PX', ttlMs: number, nx?: 'NX'): Promise<string | null>;
  del(key: string): Promise<number>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
}

const DROP_IF_SAME = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** The distributed mode's store: every replica sees the same token and the same lock. */
export class RedisTokenStore implements TokenStore {
  constructor(private readonly redis: RedisCommands, private readonly prefix = 'waybill:carrier-token:') {}

  async get(key: string) {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, token: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, token, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async drop(key: string, token: string) {
    await this.redis.eval(DROP_IF_SAME, 1, this.prefix + key, token);
  }

  async lock(key: string, ttlMs: number) {
    return (await this.redis.set(`${this.prefix}${key}:lock`, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async unlock(key: string) {
    await this.redis.del(`${this.prefix}${key}:lock`);
  }
}

export interface FetchedToken {
  token: string;
  /** Seconds the carrier says the token lives. */
  expiresInSeconds: number;
}

export class TokenCache {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly store: TokenStore,
    private readonly opts: { lockMs: number; waitMs: number; pollMs: number } = { lockMs: 20_000, waitMs: 20_000, pollMs: 50 },
  ) {}

  /** The account's token, fetching one only when none is cached (and nobody else is fetching it). */
  async get(key: string, fetchToken: () => Promise<FetchedToken>): Promise<string> {
    const cached = await this.store.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.obtain(key, fetchToken).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Forgets a token the carrier refused (401), so the next get fetches a new one. */
  async invalidate(key: string, token: string): Promise<void> {
    await this.store.drop(key, token);
  }

  private async obtain(key: string, fetchToken: () => Promise<FetchedToken>): Promise<string> {
    const locked = await this.store.lock(key, this.opts.lockMs);
    if (!locked) {
      const deadline = Date.now() + this.opts.waitMs;
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, this.opts.pollMs));
        const theirs = await this.store.get(key);
        if (theirs) return theirs;
      }
      // The holder vanished or is stuck: fetch anyway, leaving its lock to lapse.
    }
    try {
      const fetched = await fetchToken();
      // Renewed a minute early (or at 90% of a short life), so no call goes out with a token about to lapse.
      const lifeMs = fetched.expiresInSeconds * 1000;
      await this.store.set(key, fetched.token, Math.max(lifeMs * 0.9, lifeMs - 60_000));
      return fetched.token;
    } finally {
      if (locked) await this.store.unlock(key);
    }
  }
}
