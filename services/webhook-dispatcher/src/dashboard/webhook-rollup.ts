import { sql } from 'kysely';
import type { DispatcherDeps } from '../deps';
import { Periodic } from '../periodic';

/** Attempts folded per statement. */
export const ROLLUP_BATCH = 5000;

/**
 * Folds finished attempts into `webhook_daily`, off the delivery path: a delivery writes its attempt row
 * as it always did, and every ROLLUP_INTERVAL_MS this marks a batch of not-yet-counted attempts and adds
 * them to their day in one statement, so each attempt is counted exactly once. Replicas skip one
 * another's locked rows. The figures trail the attempt log by at most one interval.
 */
export class WebhookRollup {
  private readonly periodic: Periodic;

  /** `schema`: the service's schema, which raw SQL must name itself. */
  constructor(private readonly deps: DispatcherDeps, intervalMs: number, private readonly schema: string) {
    this.periodic = new Periodic(() => this.drain(), intervalMs, (err) => deps.logger.warn({ err }, 'webhook rollup failed'));
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Folds every finished attempt not yet counted; returns how many. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.foldBatch();
      total += n;
      if (n < ROLLUP_BATCH) return total;
    }
  }

  private async foldBatch(): Promise<number> {
    const attempts = sql.table(`${this.schema}.attempts`);
    const daily = sql.table(`${this.schema}.webhook_daily`);
    const { rows } = await sql<{ n: number }>`
      with picked as (
        select id from ${attempts} where rolled_up = false and outcome <> 'pending' order by seq limit ${ROLLUP_BATCH} for update skip locked
      ), marked as (
        update ${attempts} a set rolled_up = true from picked where a.id = picked.id returning a.company, a.attempted_at, a.outcome
      ), folded as (
        insert into ${daily} as d (company, day, succeeded, failed)
        select company, (attempted_at at time zone 'UTC')::date, count(*) filter (where outcome = 'success'), count(*) filter (where outcome <> 'success')
        from marked group by 1, 2 order by 1, 2
        on conflict (company, day) do update set succeeded = d.succeeded + excluded.succeeded, failed = d.failed + excluded.failed
        returning 1
      )
      select (select count(*) from marked)::int as n`.execute(this.deps.db);
    return Number(rows[0]?.n ?? 0);
  }
}
