import type { ManifestDeps } from './manifest.deps';
import { CLAIM_STALE_MS } from './consignment-claims.client';
import { driveClaim, enqueueGeneration } from './manifest.claim';
import { failOverdueManifests } from './manifest.failure';
import { idsInState, leaseStale } from './manifest.repository';

export interface SweeperOptions {
  intervalMs?: number;
  /** A claim with no answer after this long is driven again. */
  claimStaleMs?: number;
  /** A generating manifest untouched this long gets its job enqueued again (dedup makes it harmless). */
  generatingStaleMs?: number;
  /** A manifest still generating this long after creation is failed, so it never answers 204 forever. */
  deadlineMs?: number;
}

/**
 * Recovers manifests a crash left behind: claims that never got an answer are driven again (the claim
 * is idempotent), generation jobs that went missing (the inline driver keeps none across a restart,
 * a Redis outage may lose an enqueue) are enqueued again, and hopeless ones are failed with a reason.
 * Every replica runs one; leases and job ids keep them from doing the same work twice.
 */
export class ManifestSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly o: Required<SweeperOptions>;

  constructor(private readonly deps: ManifestDeps, opts: SweeperOptions = {}) {
    this.o = { intervalMs: 30_000, claimStaleMs: CLAIM_STALE_MS, generatingStaleMs: 5 * 60_000, deadlineMs: 60 * 60_000, ...opts };
  }

  /** At start-up every generating manifest is enqueued again: this process may be the one that died. */
  async recoverAtStartup(): Promise<void> {
    for (const id of await idsInState(this.deps.db, 'generating')) await enqueueGeneration(this.deps, id);
  }

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.o.intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  sweep(): Promise<void> {
    this.running ??= this.sweepOnce().catch((err) => this.deps.logger.warn({ err }, 'manifest sweep failed')).finally(() => { this.running = undefined; });
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    const now = Date.now();
    const minutes = Math.max(1, Math.round(this.o.deadlineMs / 60_000));
    const failed = await failOverdueManifests(this.deps, new Date(now - this.o.deadlineMs), `The manifest document was not generated within ${minutes} minute(s).`);
    if (failed.length) this.deps.logger.error({ manifest_ids: failed }, 'manifests failed: generation overdue');
    for (const m of await leaseStale(this.deps.db, 'claiming', new Date(now - this.o.claimStaleMs))) {
      const order = { id: m.id, company: m.company, carrierId: m.carrier_id, warehouseId: m.warehouse_id, consignmentIds: m.consignment_ids };
      await driveClaim(this.deps, order).then(
        () => this.deps.logger.info({ manifest_id: m.id }, 'stalled manifest claim completed'),
        (err) => this.deps.logger.warn({ manifest_id: m.id, status: err?.status, detail: err?.detail }, 'stalled manifest claim not completed'),
      );
    }
    for (const m of await leaseStale(this.deps.db, 'generating', new Date(now - this.o.generatingStaleMs))) await enqueueGeneration(this.deps, m.id);
  }
}
