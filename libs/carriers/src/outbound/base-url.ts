/** A carrier's two hosts: its sandbox (test) and its production host. */
export interface CarrierHosts {
  test: string;
  production: string;
}

/**
 * The host an account's calls go to: `CARRIER_BASE_URL_<IDENTIFIER>` (an egress proxy, or a local
 * double in tests) overrides both hosts for every account of the carrier; otherwise `test_mode` picks.
 */
export function carrierBaseUrl(
  identifier: string, hosts: CarrierHosts, testMode: boolean, env: Record<string, string | undefined> = process.env,
): string {
  const override = env[`CARRIER_BASE_URL_${identifier.toUpperCase()}`]?.trim();
  const base = override || (testMode ? hosts.test : hosts.production);
  return base.replace(/\/+$/, '');
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** `CARRIER_TIMEOUT_MS` (a positive integer), else 15 s. */
export function carrierTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.CARRIER_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_TIMEOUT_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`CARRIER_TIMEOUT_MS must be a positive integer of milliseconds, not "${raw}"`);
  return n;
}
