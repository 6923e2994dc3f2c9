/**
 * A process that is shutting down: `/readyz` answers 503 at once (the orchestrator stops routing here)
 * while in-flight work finishes. Set by `stopOnSignal` on the first SIGTERM, for every service of the process.
 */
let draining = false;

export function setDraining(on: boolean): void {
  draining = on;
}

export function isDraining(): boolean {
  return draining;
}

/** SHUTDOWN_TIMEOUT (seconds, default 25): how long in-flight requests, messages and jobs get to finish. */
export function shutdownTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SHUTDOWN_TIMEOUT?.trim();
  if (!raw) return 25_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`SHUTDOWN_TIMEOUT must be a positive number of seconds, got "${raw}"`);
  return Math.round(seconds * 1000);
}
