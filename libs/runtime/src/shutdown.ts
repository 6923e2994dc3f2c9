import { ConfigError } from '@waybill/config';
import type { Logger } from '@waybill/logger';
import { setDraining, shutdownTimeoutMs, type RunningService, type ServiceRuntime } from '@waybill/http';
import { flushTracing } from '@waybill/telemetry';
import { runtimeFromEnv } from './from-env';

export interface ShutdownOptions {
  /** SHUTDOWN_TIMEOUT: past it the process exits at once. */
  deadlineMs?: number;
  /** Runs first, while every service still has its pools (job workers finishing the jobs they hold). */
  before?: () => Promise<void>;
  /** Runs last, after every service stopped (shared connections). */
  after?: () => Promise<void>;
  /** Tests replace the exit and listen to no signal. */
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: `/readyz` turns 503 at once, then services stop in reverse start
 * order (each stops accepting connections, finishes in-flight requests, cancels its consumers and lets
 * the messages in hand finish and ack, lets its outbox relay finish the batch in flight, and closes its
 * pools), then the shared connections close and the process exits 0. A second signal, or SHUTDOWN_TIMEOUT
 * (default 25 s) passing, exits at once with 1. Returns the stop function (what a signal runs).
 */
export function stopOnSignal(logger: Logger, services: RunningService[], o: ShutdownOptions = {}): (signal: string) => Promise<void> {
  const deadlineMs = o.deadlineMs ?? shutdownTimeoutMs();
  const exit = o.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      logger.warn({ signal }, 'second signal while shutting down: exiting now');
      return exit(1);
    }
    stopping = true;
    setDraining(true);
    logger.info({ signal, deadlineMs }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown deadline passed: exiting now');
      exit(1);
    }, deadlineMs);
    deadline.unref();
    await o.before?.().catch((err) => logger.error({ err }, 'error while stopping job workers'));
    for (const s of [...services].reverse()) {
      try {
        await s.stop();
      } catch (err) {
        logger.error({ err, service: s.name }, 'error while stopping');
      }
    }
    await o.after?.().catch((err) => logger.error({ err }, 'error while closing connections'));
    await flushTracing().catch((err) => logger.warn({ err }, 'could not export the last spans'));
    clearTimeout(deadline);
    logger.info('stopped');
    exit(0);
  };
  for (const signal of o.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));
  return stop;
}

/**
 * A service's main.ts: the runtime from the environment (real servers), the service started on it, and
 * graceful shutdown: job workers finish first, then the service drains, then the bus and Redis close.
 */
export function runService(name: string, start: (rt: ServiceRuntime) => Promise<RunningService>): void {
  void (async () => {
    const rt = await runtimeFromEnv(name);
    const svc = await start(rt);
    stopOnSignal(rt.logger, [svc], {
      before: () => rt.jobs.stopWorkers(),
      after: async () => {
        await rt.bus.close();
        await rt.jobs.close();
      },
    });
  })().catch((err) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`${name} failed to start: ${err?.stack ?? err}\n`);
    process.exit(1);
  });
}
