import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, ServiceClient, type RunningService, type ServiceRuntime } from '@waybill/http';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { OutboxRelay } from '@waybill/messaging';
import { Queues, type Job } from '@waybill/jobs';
import { CarrierLinkClient, LinkedCarriers } from '@waybill/carrier-link-client';
import { buildApp } from './app';
import type { ManifestDb } from './database';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { ConsignmentClaims } from './manifests/consignment-claims.client';
import type { ManifestCarriers, ManifestDeps } from './manifests/manifest.deps';
import { ManifestSweeper, type SweeperOptions } from './manifests/manifest.sweeper';
import { generateManifest, recordGenerationFailure, type GenerateJobData } from './paperwork/document.job';

export const SCHEMA = 'manifest';

export interface ManifestServiceOptions {
  /** The carriers manifests go to; carrier-link's (through its client) unless given. */
  carriers?: ManifestCarriers;
  sweeper?: SweeperOptions;
  /** Default: 5 attempts, backoff from 2 s (about 30 s of retries before a manifest fails). */
  generation?: { attempts: number; backoffMs: number };
}

/** Migrates, works the manifest-documents queue, recovers what a crash left behind, and serves HTTP. */
export async function startManifestService(rt: ServiceRuntime, opts: ManifestServiceOptions = {}): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'manifest' });
  declareVersions(VERSIONS);
  const database = openDatabase<ManifestDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const deps: ManifestDeps = {
    db: database.db, jobs: rt.jobs, logger, afterCommit: () => relay.nudge(), generation: opts.generation ?? { attempts: 5, backoffMs: 2000 },
    carriers: opts.carriers ?? new LinkedCarriers(new CarrierLinkClient(rt.peers, rt.internalJwtSecret, 'manifest')),
    consignments: new ConsignmentClaims(new ServiceClient(rt.peers, new InternalTokenSigner(rt.internalJwtSecret))),
  };
  // Jobs finish before the database closes on shutdown; a job that arrives after that is retried later.
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  await rt.jobs.work<GenerateJobData>(Queues.manifestDocuments, (job) => {
    if (stopping) return Promise.reject(new Error('manifest service is stopping'));
    const run = generateManifest(deps, job).finally(() => inFlight.delete(run));
    inFlight.add(run);
    return run;
  }, { concurrency: 2, onFailed: (job: Job, err: Error) => recordGenerationFailure(deps, job, err) });
  const sweeper = new ManifestSweeper(deps, opts.sweeper);
  await sweeper.recoverAtStartup();
  sweeper.start();

  const app = buildApp({
    deps, logger, internalJwtSecret: rt.internalJwtSecret,
    readiness: { database: () => database.ping(), jobs: () => { if (!rt.jobs.isHealthy()) throw new Error('job queue disconnected'); } },
  });
  return serveService({
    name: 'manifest', rt, logger, handler: app,
    onDrain: () => { stopping = true; },
    stopping: [
      () => sweeper.stop(),
      () => Promise.allSettled([...inFlight]),
      () => relay.stop(),
      () => database.close(),
    ],
  });
}
