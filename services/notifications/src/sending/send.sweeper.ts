import type { NotificationsDeps } from '../deps';
import { interruptStale, stillPending } from './notification.repository';
import { enqueueSend } from './send.job';

/**
 * Every `sweepIntervalMs`: e-mails decided but still pending after a whole interval are queued again
 * (their job id makes that a no-op while the first job waits), and attempts that began long ago and
 * never finished (the process died mid-send, no job left to notice) are marked interrupted.
 */
export class SendSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly deps: NotificationsDeps) {}

  start(): void {
    this.timer = setInterval(() => { this.running ??= this.sweep().finally(() => { this.running = undefined; }); }, this.deps.config.sweepIntervalMs);
    this.timer.unref();
  }

  async sweep(): Promise<void> {
    try {
      const now = this.deps.now().getTime();
      for (const id of await stillPending(this.deps.db, new Date(now - this.deps.config.sweepIntervalMs))) await enqueueSend(this.deps, id);
      await interruptStale(this.deps.db, new Date(now - Math.max(10 * 60_000, 4 * this.deps.config.sendTimeoutMs)));
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message }, 'notification sweep failed; next interval tries again');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
