/**
 * Runs `task` now and then every `intervalMs` after each run ends, never two at once; `stop` waits for
 * a run in progress. The timer does not keep the process alive on its own.
 */
export class Periodic {
  private timer?: NodeJS.Timeout;
  private current?: Promise<unknown>;

  constructor(private readonly task: () => Promise<unknown>, private readonly intervalMs: number, private readonly onError: (err: unknown) => void) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.current = this.task()
        .catch(this.onError)
        .finally(() => { if (this.timer) this.schedule(this.intervalMs); });
    }, delayMs);
    this.timer.unref();
  }
}
