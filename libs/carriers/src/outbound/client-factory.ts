import { CircuitBreaker } from './circuit-breaker';
import { AccountRateLimiter } from './rate-limiter';
import { carrierBaseUrl, carrierTimeoutMs, type CarrierHosts } from './base-url';
import { CarrierHttpClient } from './http-client';
import type { RetryOptions } from './retry';

/** What a carrier adapter declares about talking to its carrier. */
export interface CarrierClientProfile {
  identifier: string;
  name: string;
  hosts: CarrierHosts;
  /** The pace allowed per account (the carrier's published limit, or a safe guess below it). */
  rateLimit: { perSecond: number; burst: number };
  breaker?: { failureThreshold: number; openMs: number };
  retry?: RetryOptions;
  errorCode?: (body: unknown) => string | undefined;
}

const DEFAULT_BREAKER = { failureThreshold: 5, openMs: 30_000 };
const DEFAULT_RETRY: RetryOptions = { retries: 2, baseDelayMs: 250, maxDelayMs: 10_000 };

// One breaker and one pacer per carrier in a process, whichever account or adapter instance calls.
const breakers = new Map<string, CircuitBreaker>();
const limiters = new Map<string, AccountRateLimiter>();

const positive = (raw: string | undefined, fallback: number) => (raw && Number.isInteger(Number(raw)) && Number(raw) > 0 ? Number(raw) : fallback);

/**
 * The carrier's circuit breaker in this process (tests and drills read its state). Made on first use,
 * with `CARRIER_BREAKER_FAILURES` and `CARRIER_BREAKER_OPEN_MS` overriding the profile's figures.
 */
export function breakerOf(
  profile: Pick<CarrierClientProfile, 'identifier' | 'breaker'>, env: Record<string, string | undefined> = process.env,
): CircuitBreaker {
  let breaker = breakers.get(profile.identifier);
  if (!breaker) {
    const base = profile.breaker ?? DEFAULT_BREAKER;
    breaker = new CircuitBreaker({
      failureThreshold: positive(env.CARRIER_BREAKER_FAILURES, base.failureThreshold),
      openMs: positive(env.CARRIER_BREAKER_OPEN_MS, base.openMs),
    });
    breakers.set(profile.identifier, breaker);
  }
  return breaker;
}

/**
 * The pace per account: `CARRIER_RATE_LIMIT_<IDENTIFIER>` as `<calls a second>[/<burst>]` (what the
 * carrier granted the deployment), else the profile's.
 */
export function rateLimitOf(profile: CarrierClientProfile, env: Record<string, string | undefined>): { perSecond: number; burst: number } {
  const raw = env[`CARRIER_RATE_LIMIT_${profile.identifier.toUpperCase()}`]?.trim();
  if (!raw) return profile.rateLimit;
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+))?$/.exec(raw);
  if (!m || Number(m[1]) <= 0) throw new Error(`CARRIER_RATE_LIMIT_${profile.identifier.toUpperCase()} must be <calls a second>[/<burst>], not "${raw}"`);
  return { perSecond: Number(m[1]), burst: m[2] ? Number(m[2]) : Math.max(1, Math.ceil(Number(m[1]) * 2)) };
}

/** A client for one account of a carrier, sharing the carrier's breaker and pacer. */
export function carrierClient(
  profile: CarrierClientProfile, account: { testMode: boolean }, env: Record<string, string | undefined> = process.env,
): CarrierHttpClient {
  let limiter = limiters.get(profile.identifier);
  if (!limiter) {
    limiter = new AccountRateLimiter(rateLimitOf(profile, env));
    limiters.set(profile.identifier, limiter);
  }
  return new CarrierHttpClient({
    carrier: profile.identifier,
    carrierName: profile.name,
    baseUrl: carrierBaseUrl(profile.identifier, profile.hosts, account.testMode, env),
    timeoutMs: carrierTimeoutMs(env),
    retry: profile.retry ?? DEFAULT_RETRY,
    breaker: breakerOf(profile, env),
    limiter,
    errorCode: profile.errorCode,
  });
}
