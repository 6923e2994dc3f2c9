import type { TrackingDeps } from '../deps';
import { enqueuePod } from './pod.job';
import { stalePodRequests } from './pod.repository';

const SWEEP_EVERY_MS = 60_000;

/**
 * A request is committed before its job is enqueued; a crash in between, or an in-memory job queue lost
 * with its process, would strand it. The sweeper enqueues such requests again (job ids dedup the ones
 * still queued): at start for every pending request, then every minute for those idle a minute.
 */
export class PodSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly deps: TrackingDeps) {}

  async start(): Promise<void> {
    await this.sweep(this.deps.now());
    this.timer = setInterval(() => {
      this.running ??= this.sweep(new Date(this.deps.now().getTime() - SWEEP_EVERY_MS)).finally(() => { this.running = undefined; });
    }, SWEEP_EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(before: Date): Promise<void> {
    try {
      const ids = await stalePodRequests(this.deps.db, before);
      for (const id of ids) await enqueuePod(this.deps, id);
      if (ids.length) this.deps.logger.info({ requests: ids.length }, 'proof-of-delivery requests enqueued again');
    } catch (err) {
      this.deps.logger.warn({ err }, 'proof-of-delivery sweep failed; will try again');
    }
  }
}
