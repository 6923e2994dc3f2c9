import { Queues, type JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { Kysely } from 'kysely';
import type { CarrierLinkDb } from '../database';
import { applyRetention, type RetentionPolicy } from './call.retention';

const JOB = 'retention';
/** Hourly: the periods are days long, and each pass is batched. */
export const RETENTION_EVERY_MS = 3_600_000;

interface RetentionJob {
  slot: number;
}

const jobIdOf = (slot: number) => `carrier-call-retention:${slot}`;

/**
 * The call log's retention as a scheduled job, the same in both run modes (BullMQ distributed, inline in
 * one process): one job per hour slot, its id naming the slot, so every replica arming it at start and
 * every run arming the next one add it once. A start runs the current slot's pass at once; each pass
 * (or its final failure) arms the next slot's.
 */
export async function startRetentionJob(
  deps: { db: Kysely<CarrierLinkDb>; logger: Logger }, jobs: JobDriver, policy: RetentionPolicy, everyMs = RETENTION_EVERY_MS,
): Promise<void> {
  const arm = (slot: number) => jobs.enqueue<RetentionJob>(Queues.carrierCallLog, JOB, { slot }, {
    jobId: jobIdOf(slot), delayMs: Math.max(0, slot * everyMs - Date.now()), attempts: 3, backoffMs: 10_000,
  });
  await jobs.work<RetentionJob>(Queues.carrierCallLog, async (job) => {
    if (job.name !== JOB) return;
    const done = await applyRetention(deps.db, new Date(), policy);
    if (done.deleted || done.masked) deps.logger.info(done, 'carrier call log: old calls deleted, personal data masked');
    await arm(job.data.slot + 1);
  }, {
    concurrency: 1,
    onFailed: async (job, error) => {
      deps.logger.warn({ err: error.message }, 'carrier call log retention failed; the next slot tries again');
      await arm((job.data as RetentionJob).slot + 1);
    },
  });
  await arm(Math.floor(Date.now() / everyMs));
}
