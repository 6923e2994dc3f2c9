/**
 * Per-account pacing: at most `perSecond` calls a second on average, with bursts of `burst`, per key
 * (carrier and account). A call over the rate waits its turn rather than failing, so carriers' own
 * rate limits (per account) are not hit by a burst of bookings. Counted in this process: with several
 * replicas each keeps its own pace, so the configured rate is divided by the replicas a deployment runs.
 */
export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  now?: () => number;
}

export class AccountRateLimiter {
  private readonly nextFree = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: RateLimitOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Milliseconds this call must wait for its slot (the slot is taken). */
  reserve(key: string): number {
    const interval = 1000 / this.opts.perSecond;
    const now = this.now();
    const earliest = now - (this.opts.burst - 1) * interval;
    const slot = Math.max(this.nextFree.get(key) ?? earliest, earliest);
    this.nextFree.set(key, slot + interval);
    return Math.max(0, slot - now);
  }

  async take(key: string): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
