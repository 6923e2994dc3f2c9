import { ConfigError, env, loadConfig, type Reader } from '@waybill/config';
import { EncryptionKeyError, parseEncryptionKey } from '@waybill/internal-auth';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `500ms`, `5s`, `5m`, `2h`, `5d`, or a bare number of milliseconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim());
  return m ? Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']) : undefined;
}

function duration(name: string, fallback: string): Reader<number> {
  return (e) => {
    const raw = e[name]?.trim() || fallback;
    const ms = parseDuration(raw);
    if (ms === undefined) throw new ConfigError(`environment variable ${name} must be a duration such as 15s, 5m or 2h, got "${raw}"`);
    return ms;
  };
}

/** A comma-separated list of delays, the first attempt's included: `0,5s,5m,30m,2h,5h,10h,10h`. */
function schedule(name: string, fallback: string): Reader<number[]> {
  return (e) => {
    const raw = e[name]?.trim() || fallback;
    const delays = raw.split(',').map((part) => parseDuration(part));
    if (delays.length === 0 || delays.some((d) => d === undefined)) {
      throw new ConfigError(`environment variable ${name} must list delays such as "0,5s,5m,30m", got "${raw}"`);
    }
    return delays as number[];
  };
}

function encryptionKey(name: string): Reader<Buffer> {
  return (e) => {
    const raw = env.string(name)(e);
    try {
      return parseEncryptionKey(raw);
    } catch (err) {
      if (!(err instanceof EncryptionKeyError)) throw err;
      throw new ConfigError(`environment variable ${name} must be 32 bytes, base64 or hex encoded (e.g. openssl rand -base64 32)`);
    }
  };
}

function positive(name: string, fallback: number): Reader<number> {
  return (e) => {
    const n = env.int(name, fallback)(e);
    if (n < 1) throw new ConfigError(`environment variable ${name} must be at least 1`);
    return n;
  };
}

/** docs/api/webhooks.md: attempt at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_SCHEDULE = '0,5s,5m,30m,2h,5h,10h,10h';

/**
 * The dispatcher's settings. Every timing is a variable so that tests (and operators who need it)
 * can run the whole retry life of a webhook in seconds.
 */
export const dispatcherConfigSpec = {
  dataEncryptionKey: encryptionKey('DATA_ENCRYPTION_KEY'),
  allowPrivate: env.bool('WEBHOOK_ALLOW_PRIVATE', false),
  retrySchedule: schedule('WEBHOOK_RETRY_SCHEDULE', DEFAULT_SCHEDULE),
  disableAfterMs: duration('WEBHOOK_DISABLE_AFTER', '5d'),
  timeoutMs: duration('WEBHOOK_TIMEOUT', '15s'),
  secretOverlapMs: duration('WEBHOOK_SECRET_OVERLAP', '24h'),
  endpointConcurrency: positive('WEBHOOK_ENDPOINT_CONCURRENCY', 8),
  workerConcurrency: positive('WEBHOOK_WORKER_CONCURRENCY', 32),
  deferMs: duration('WEBHOOK_DEFER', '250ms'),
  sweepIntervalMs: duration('WEBHOOK_SWEEP_INTERVAL', '15s'),
  sweepGraceMs: duration('WEBHOOK_SWEEP_GRACE', '30s'),
  /** How often the dashboard's webhook figures take in new attempts (their staleness at most). */
  rollupIntervalMs: duration('WEBHOOK_ROLLUP_INTERVAL', '5s'),
};

export type DispatcherConfig = { [K in keyof typeof dispatcherConfigSpec]: ReturnType<(typeof dispatcherConfigSpec)[K]> };

export function dispatcherConfig(source: Record<string, string | undefined> = process.env): Readonly<DispatcherConfig> {
  return loadConfig<DispatcherConfig>(dispatcherConfigSpec, source);
}
