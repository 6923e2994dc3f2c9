import type { DispatcherDeps } from '../deps';
import { Periodic } from '../periodic';
import { enqueueDelivery, type DeliveryJob } from './delivery.job';
import { nextAttemptDelayMs } from './retry-schedule';

const BATCH = 500;

/**
 * The safety net under the job queue, on every replica: a job can be lost (the inline driver keeps
 * nothing across a restart; an enqueue can fail after the database committed) and a worker can die
 * mid-attempt. Periodically it (1) ends attempts whose lease ran out, counting them as failed, and
 * (2) enqueues again every pending delivery whose attempt is overdue. Job-id dedup and the claim make
 * both harmless when the job was not lost after all.
 */
export class DeliverySweeper {
  private readonly periodic: Periodic;

  constructor(private readonly deps: DispatcherDeps) {
    this.periodic = new Periodic(() => this.sweep(), deps.config.sweepIntervalMs, (err) => deps.logger.warn({ err }, 'webhook sweep failed'));
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(): Promise<{ interrupted: number; requeued: number }> {
    const interrupted = await this.endExpiredLeases();
    const now = this.deps.now();
    const due = await this.deps.db.selectFrom('deliveries as d').innerJoin('endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.company', 'd.event_id', 'd.endpoint_id', 'd.round', 'd.round_attempts'])
      .where('d.state', '=', 'pending').where('e.enabled', '=', true)
      .where('d.next_attempt_at', '<', new Date(now.getTime() - this.deps.config.sweepGraceMs))
      .orderBy('d.next_attempt_at').limit(BATCH).execute();
    for (const d of due) {
      await enqueueDelivery(this.deps.jobs, { company: d.company, event_id: d.event_id, endpoint_id: d.endpoint_id, round: d.round, attempt: d.round_attempts + 1 });
    }
    if (interrupted || due.length) this.deps.logger.info({ interrupted, requeued: due.length }, 'webhook deliveries recovered');
    return { interrupted, requeued: due.length };
  }

  /** An attempt still `sending` after its lease: its worker died. It counts as a failed attempt. */
  private async endExpiredLeases(): Promise<number> {
    const now = this.deps.now();
    const schedule = this.deps.config.retrySchedule;
    const next: DeliveryJob[] = [];
    const delays: number[] = [];
    const ended = await this.deps.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('deliveries').selectAll()
        .where('state', '=', 'sending').where('lease_until', '<', now)
        .limit(BATCH).forUpdate().skipLocked().execute();
      for (const d of rows) {
        await trx.updateTable('attempts').set({ outcome: 'failure', error: 'interrupted: the dispatcher stopped during the attempt' })
          .where('event_id', '=', d.event_id).where('endpoint_id', '=', d.endpoint_id)
          .where('round', '=', d.round).where('attempt', '=', d.round_attempts).where('outcome', '=', 'pending').execute();
        const delayMs = nextAttemptDelayMs(schedule, d.round_attempts);
        await trx.updateTable('deliveries')
          .set(delayMs === undefined ? { state: 'failed', lease_until: null } : { state: 'pending', lease_until: null, next_attempt_at: new Date(now.getTime() + delayMs) })
          .where('event_id', '=', d.event_id).where('endpoint_id', '=', d.endpoint_id).execute();
        if (delayMs !== undefined) {
          next.push({ company: d.company, event_id: d.event_id, endpoint_id: d.endpoint_id, round: d.round, attempt: d.round_attempts + 1 });
          delays.push(delayMs);
        }
      }
      return rows.length;
    });
    for (const [i, j] of next.entries()) await enqueueDelivery(this.deps.jobs, j, delays[i]);
    return ended;
  }
}
