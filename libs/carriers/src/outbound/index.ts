export * from './errors';
export { CircuitBreaker, type BreakerOptions, type BreakerState } from './circuit-breaker';
export { AccountRateLimiter, type RateLimitOptions } from './rate-limiter';
export { parseRetryAfter, retryDelay, isRetryableStatus, type RetryOptions } from './retry';
export { carrierBaseUrl, carrierTimeoutMs, type CarrierHosts } from './base-url';
export { recordAnomaly, type CallOutcome } from './carrier-metrics';
export { CarrierHttpClient, type CarrierRequest, type CarrierResponse, type CarrierClientOptions } from './http-client';
export { carrierClient, breakerOf, type CarrierClientProfile } from './client-factory';
export { TokenCache, MemoryTokenStore, RedisTokenStore, type TokenStore, type RedisCommands, type FetchedToken } from './token-cache';
