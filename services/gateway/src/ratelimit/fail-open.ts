import type { Logger } from '@waybill/logger';
import type { RateDecision, RateLimiter } from './rate-limiter';

/** How often a failing limiter is reported while it keeps failing. */
const REPORT_EVERY_MS = 10_000;

/**
 * A rate limiter whose store (Redis) fails lets the request through rather than failing it: a budget is
 * protection against abuse, and an outage of its counter must not turn every request into a 500. The
 * failure is logged (at most every 10 s) and counted by the caller's metrics as an ordinary answer.
 */
export class FailOpenRateLimiter implements RateLimiter {
  private lastReport = 0;
  constructor(private readonly inner: RateLimiter, private readonly logger: Logger) {}

  hit(key: string, limit?: number): Promise<RateDecision> {
    return this.inner.hit(key, limit).catch((err: unknown) => this.admit(err));
  }

  peek(key: string, limit?: number): Promise<RateDecision> {
    return this.inner.peek(key, limit).catch((err: unknown) => this.admit(err));
  }

  private admit(err: unknown): RateDecision {
    const now = Date.now();
    if (now - this.lastReport >= REPORT_EVERY_MS) {
      this.lastReport = now;
      this.logger.warn({ err }, 'rate limiter unavailable: requests are let through uncounted');
    }
    return { allowed: true, retryAfter: 1 };
  }
}
