import type { Kysely } from 'kysely';
import { Queues, type JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { ConsignmentDb } from '../database';
import { eraseDueBatch } from './retention.repository';
import { recordErasures } from './retention.service';

/** Consignments erased per transaction: small enough to hold row locks briefly, big enough to be cheap per row. */
export const SWEEP_BATCH = 1000;
/**
 * `RETENTION_SWEEP=off` (docs/configuration.md): no sweep is armed by this replica, e.g. for the first start
 * after an upgrade, until each company's period is set. Erasure on request still works.
 */
export const sweepEnabled = (env: Record<string, string | undefined>): boolean => env.RETENTION_SWEEP?.trim().toLowerCase() !== 'off';

/** Hourly: periods are days long, and a pass is batched and idempotent. */
export const SWEEP_EVERY_MS = 3_600_000;

export interface SweepDeps {
  db: Kysely<ConsignmentDb>;
  logger: Logger;
  /** After each batch's commit: the outbox relay publishes its events at once. */
  afterCommit: () => void;
}

/**
 * Erases every consignment past its company's retention period (docs/operations.md#retention-and-erasure),
 * batch after batch, each batch one transaction with its erasure events; returns how many it erased.
 * Idempotent: an erased consignment is never selected again. `maxBatches` bounds one pass (the next
 * pass carries on).
 */
export async function sweepDue(deps: SweepDeps, now = new Date(), batch = SWEEP_BATCH, maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const erased = await deps.db.transaction().execute(async (trx) => {
      const refs = await eraseDueBatch(trx, now, batch);
      await recordErasures(trx, refs, now, 'retention');
      return refs.length;
    });
    total += erased;
    if (erased) deps.afterCommit();
    if (erased < batch) break;
  }
  return total;
}

interface SweepJob {
  slot: number;
}

/**
 * The sweep as a scheduled job, the same in both run modes: one job per hour slot, its id naming the
 * slot, so every replica arming it at start and every pass arming the next add it once (the call
 * log's retention does the same). A start runs the current slot's pass at once.
 */
export async function startRetentionSweep(deps: SweepDeps, jobs: JobDriver, everyMs = SWEEP_EVERY_MS): Promise<void> {
  const arm = (slot: number) => jobs.enqueue<SweepJob>(Queues.personalDataRetention, 'sweep', { slot }, {
    jobId: `personal-data-retention:${slot}`, delayMs: Math.max(0, slot * everyMs - Date.now()), attempts: 3, backoffMs: 10_000,
  });
  await jobs.work<SweepJob>(Queues.personalDataRetention, async (job) => {
    const erased = await sweepDue(deps);
    if (erased) deps.logger.info({ erased }, 'personal data past its retention period erased');
    await arm(job.data.slot + 1);
  }, {
    concurrency: 1,
    onFailed: async (job, error) => {
      deps.logger.warn({ err: error.message }, 'personal data retention sweep failed; the next slot tries again');
      await arm((job.data as SweepJob).slot + 1);
    },
  });
  await arm(Math.floor(Date.now() / everyMs));
}
