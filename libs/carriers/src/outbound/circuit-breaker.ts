/**
 * One breaker per carrier (shared by every account of it in this process): after `failureThreshold`
 * consecutive failures (timeouts, resets, 5xx) it opens and calls fail fast for `openMs`; then one
 * probe call is let through (half-open). The probe's success closes it; its failure opens it again.
 * Answers the carrier gives about the request itself (4xx, 429) are not failures of the carrier.
 */
export interface BreakerOptions {
  failureThreshold: number;
  openMs: number;
  now?: () => number;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private state: BreakerState = 'closed';
  private probing = false;
  private readonly now: () => number;

  constructor(private readonly opts: BreakerOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Whether a call may go out now; when it may not, how long until the next probe. */
  admit(): { ok: true; probe: boolean } | { ok: false; retryInMs: number } {
    if (this.state === 'closed') return { ok: true, probe: false };
    const waited = this.now() - this.openedAt;
    if (this.state === 'open' && waited >= this.opts.openMs) this.state = 'half_open';
    if (this.state === 'half_open' && !this.probing) {
      this.probing = true;
      return { ok: true, probe: true };
    }
    return { ok: false, retryInMs: Math.max(0, this.opts.openMs - waited) };
  }

  success(): void {
    this.failures = 0;
    this.probing = false;
    this.state = 'closed';
  }

  failure(): void {
    this.probing = false;
    this.failures += 1;
    if (this.state === 'half_open' || this.failures >= this.opts.failureThreshold) {
      this.state = 'open';
      this.openedAt = this.now();
    }
  }

  /** A probe that ended without telling anything about the carrier (e.g. a 4xx) frees the slot. */
  release(): void {
    if (this.probing) this.success();
  }

  get current(): BreakerState {
    if (this.state === 'open' && this.now() - this.openedAt >= this.opts.openMs) return 'half_open';
    return this.state;
  }
}
