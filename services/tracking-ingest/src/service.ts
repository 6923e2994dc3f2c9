import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, ServiceClient, type RunningService, type ServiceRuntime } from '@waybill/http';
import { SecretBox } from '@waybill/internal-auth';
import { OutboxRelay, startErasureConsumer } from '@waybill/messaging';
import { PushTokens, PUSH_TOKEN_KEY_PURPOSE } from '@waybill/carriers';
import { InternalTokenSigner } from '@waybill/internal-auth';
import type { TrackedCarriers } from './carriers/tracked-carrier';
import { trackedCarriers } from './carriers/tracked-carriers';
import { startPolledConsumer } from './polled/polled.consumer';
import { buildApp } from './app';
import type { TrackingDb } from './database';
import type { TrackingDeps } from './deps';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { CarrierSecrets } from './secrets/carrier-secrets';
import { PodUrlSigner } from './pod/pod.url';
import { POD_RETRY, startPodWorker } from './pod/pod.job';
import { PodSweeper } from './pod/pod.sweeper';
import { startProjectionConsumer } from './projection/projection.consumer';
import { eraseConsignmentCopies } from './erasure/consignment-erasure';
import { ParkingSweeper } from './parking/parking.sweeper';
import { registerParkingGauges } from './parking/parking.metrics';

export const SCHEMA = 'tracking';

export interface TrackingServiceOptions {
  registry?: TrackedCarriers;
  /** The clock (tests move it to see links expire). */
  now?: () => Date;
  /** Proof-of-delivery retries (tests shorten them). */
  podRetry?: { attempts: number; backoffMs: number };
  /** How often parked events past 30 days are dropped (tests shorten it). */
  parkingSweepMs?: number;
}

/** Migrates, starts the outbox relay, the consignment projection, the proof-of-delivery worker, and listens. */
export async function startTrackingIngestService(rt: ServiceRuntime, opts: TrackingServiceOptions = {}): Promise<RunningService> {
  if (!rt.dataEncryptionKey) throw new Error('tracking-ingest needs DATA_ENCRYPTION_KEY (32 bytes, base64) to open carrier ingest secrets');
  const logger = rt.logger.child({ service: 'tracking-ingest' });
  declareVersions(VERSIONS);
  const box = new SecretBox(rt.dataEncryptionKey);
  const database = openDatabase<TrackingDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const registry = opts.registry ?? trackedCarriers(rt.defaultPublicUrl, new ServiceClient(rt.peers, new InternalTokenSigner(rt.internalJwtSecret)));
  const deps: TrackingDeps = {
    db: database.db, registry, logger, jobs: rt.jobs, bus: rt.bus,
    secrets: new CarrierSecrets(database.db, box),
    podUrls: new PodUrlSigner(box.deriveKey('pod-document-links')),
    pushTokens: new PushTokens(box.deriveKey(PUSH_TOKEN_KEY_PURPOSE)),
    publicUrl: rt.defaultPublicUrl,
    afterCommit: () => relay.nudge(),
    now: opts.now ?? (() => new Date()),
    podRetry: opts.podRetry ?? POD_RETRY,
  };
  const projection = await startProjectionConsumer(deps);
  const polled = await startPolledConsumer(deps);
  const erasures = await startErasureConsumer({ bus: rt.bus, database, service: 'tracking-ingest', erase: eraseConsignmentCopies });
  await startPodWorker(deps);
  const sweeper = new PodSweeper(deps);
  await sweeper.start();
  const parking = new ParkingSweeper(deps, opts.parkingSweepMs);
  parking.start();
  const offGauges = registerParkingGauges(database.db);
  const app = buildApp(deps, {
    internalJwtSecret: rt.internalJwtSecret,
    readiness: {
      database: () => database.ping(),
      broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); },
      jobs: () => { if (!rt.jobs.isHealthy()) throw new Error('job queue disconnected'); },
    },
  });
  return serveService({
    name: 'tracking-ingest', rt, logger, handler: app,
    stopping: [
      () => projection.cancel(),
      () => polled.cancel(),
      () => erasures.cancel(),
      () => sweeper.stop(),
      () => parking.stop(),
      async () => offGauges(),
      () => relay.stop(),
      () => database.close(),
    ],
  });
}
