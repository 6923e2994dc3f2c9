import type { Kysely } from 'kysely';
import { Queues, type JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { GatewayDb } from '../credentials/credentials.table';
import { purgeAuditBefore } from './audit.repository';

/** How long an entry is kept (docs/operations.md#audit-log). */
export const AUDIT_RETENTION_DAYS = 365;
const DAY_MS = 86_400_000;

export interface AuditPurgeOptions {
  /** How often each replica asks for a purge; default hourly. */
  intervalMs?: number;
  now?: () => Date;
}

/** Entries before this are deleted. */
export const auditCutoff = (now: Date): Date => new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);

/**
 * Deletes audit entries older than a year. Every replica enqueues the purge each hour under that hour's
 * job id, so the replicas' requests collapse into one job (in the distributed mode) and a missed hour
 * is made up by the next; the purge itself is idempotent, so running it twice costs an index probe.
 */
export class AuditPurge {
  private timer?: NodeJS.Timeout;
  private readonly intervalMs: number;
  private readonly now: () => Date;

  constructor(private readonly db: Kysely<GatewayDb>, private readonly jobs: JobDriver, private readonly logger: Logger, o: AuditPurgeOptions = {}) {
    this.intervalMs = o.intervalMs ?? 3_600_000;
    this.now = o.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    await this.jobs.work(Queues.auditLogPurge, () => this.purge().then(() => undefined), { concurrency: 1 });
    this.timer = setInterval(() => void this.request(), this.intervalMs).unref();
    await this.request();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Deletes what is past its year now; returns how many entries went. */
  async purge(): Promise<number> {
    const removed = await purgeAuditBefore(this.db, auditCutoff(this.now()));
    if (removed) this.logger.info({ removed }, 'audit log entries older than a year deleted');
    return removed;
  }

  private async request(): Promise<void> {
    const hour = this.now().toISOString().slice(0, 13);
    await this.jobs.enqueue(Queues.auditLogPurge, 'purge', {}, { jobId: `audit-log-purge:${hour}` })
      .catch((err: unknown) => this.logger.warn({ err }, 'audit log purge not enqueued; the next hour asks again'));
  }
}
