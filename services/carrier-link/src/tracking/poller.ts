import { randomUUID } from 'node:crypto';
import type { PollerDeps } from './poller.deps';
import { dueAccounts, releaseLease, takeLease } from './poll.repository';
import { pollAccount } from './poll.round';

/** Accounts one replica takes on in one tick, and how many it polls at once (one account's pace never holds up the others). */
const ACCOUNTS_PER_TICK = 20;
const ACCOUNTS_AT_ONCE = 4;

/**
 * Wakes every `tickMs` and polls what is due. The schedule itself is in the database, not in this
 * process: any replica may take any account (one replica an account at a time, by a lease in the
 * database), and a restart loses nothing (numbers claimed by a replica that died come due again when
 * their lease runs out).
 */
export class TrackingPoller {
  private readonly holder = randomUUID();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly deps: PollerDeps) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.deps.polling.tickMs);
    this.timer.unref();
    this.tick();
  }

  /** Runs a round now unless one is running (tests and the timer both use it); resolves when it is done. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.round().finally(() => { this.running = undefined; });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async round(): Promise<void> {
    let accounts: string[];
    try {
      accounts = await dueAccounts(this.deps.db, new Date(), ACCOUNTS_PER_TICK);
    } catch (err) {
      this.deps.logger.warn({ err }, 'tracking poll round failed; the next tick tries again');
      return;
    }
    const lanes = Array.from({ length: ACCOUNTS_AT_ONCE }, async () => {
      for (let accountId = accounts.shift(); accountId && !this.stopped; accountId = accounts.shift()) await this.pollOne(accountId);
    });
    await Promise.all(lanes);
  }

  private async pollOne(accountId: string): Promise<void> {
    try {
      const now = new Date();
      if (!await takeLease(this.deps.db, accountId, this.holder, now, new Date(now.getTime() + this.deps.polling.leaseMs))) return;
      try {
        await pollAccount(this.deps, accountId, new Date());
      } finally {
        await releaseLease(this.deps.db, accountId, this.holder);
      }
    } catch (err) {
      this.deps.logger.warn({ err, account: accountId }, 'tracking poll of an account failed; the next tick tries again');
    }
  }
}
