/** When to try a safe call again: 429 and 5xx answers, honouring Retry-After, with full jitter. */
export interface RetryOptions {
  /** Further attempts after the first. */
  retries: number;
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the answer is returned as it is. */
  maxDelayMs: number;
  random?: () => number;
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before attempt `attempt` (1 = the first retry): the carrier's Retry-After when it gave one
 * (plus up to 10% jitter, so replicas told the same moment do not return together), else exponential
 * backoff with full jitter. Undefined means do not retry: the wait would exceed `maxDelayMs`.
 */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, opts: RetryOptions): number | undefined {
  const random = opts.random ?? Math.random;
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > opts.maxDelayMs) return undefined;
    return Math.round(retryAfterMs * (1 + random() * 0.1));
  }
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
