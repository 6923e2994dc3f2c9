import { openDatabase, migrateToLatest } from '@waybill/db';
import { closeServer, declareVersions, listen, ServiceClient, type RunningService, type ServiceRuntime } from '@waybill/http';
import { InternalTokenSigner, SecretBox } from '@waybill/internal-auth';
import { MemoryTokenStore, sandboxRegistry, TokenCache, type CarrierAdapter, type CarrierRegistry } from '@waybill/carriers';
import { buildApp } from './app';
import { carrierAdapters } from './adapters';
import type { CarrierLinkDb } from './database';
import { OutboxRelay, startErasureConsumer } from '@waybill/messaging';
import { eraseConsignmentCopies } from './erasure/consignment-erasure';
import type { PollerDeps } from './tracking/poller.deps';
import { pollConfigOf } from './tracking/poll.config';
import { TrackingPoller } from './tracking/poller';
import { migrations } from './migrations';
import { startSubscriptionWorker } from './tracking/subscription.job';
import { VERSIONS } from './versions';
import { CallLog, postgresCallStore, type CallLogStore } from './calls/call.log';
import { startRetentionJob } from './calls/call.retention.job';
import { retentionPolicyOf } from './calls/call.retention';
import { consignmentLookup } from './calls/consignment.peer';
import { warehouseLookup, type WarehouseLookup } from './collections/warehouse.peer';

export const SCHEMA = 'carrier_link';

export interface CarrierLinkOptions {
  /** Carrier access tokens shared by replicas (Redis-backed); in memory when absent. */
  tokens?: TokenCache;
  adapters?: Map<string, CarrierAdapter>;
  /** Carriers every company may use without an account; the sandbox carriers unless given. */
  openCarriers?: CarrierRegistry;
  env?: Record<string, string | undefined>;
  /** Where the carrier call log writes (its own table unless a test swaps it). */
  callStore?: CallLogStore;
  /** false: outbound calls are not recorded (the benchmark's baseline). */
  recordCalls?: boolean;
  /** Where the company's warehouses are read (the consignment service unless a test gives its own). */
  warehouses?: WarehouseLookup;
}

/**
 * The one owner of carrier accounts and of every outbound call to a real carrier: no other service
 * reads a credential. Migrates and listens.
 */
export async function startCarrierLinkService(rt: ServiceRuntime, opts: CarrierLinkOptions = {}): Promise<RunningService> {
  if (!rt.dataEncryptionKey) throw new Error('carrier-link needs DATA_ENCRYPTION_KEY (32 bytes, base64) to seal carrier credentials');
  declareVersions(VERSIONS);
  const logger = rt.logger.child({ service: 'carrier-link' });
  const database = openDatabase<CarrierLinkDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const publicUrl = rt.publicBaseUrl ?? rt.defaultPublicUrl;
  // Polled tracking events leave through the outbox: committed with the schedule, published when the broker takes them.
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const deps: PollerDeps = {
    db: database.db, logger, box: new SecretBox(rt.dataEncryptionKey), publicUrl, jobs: rt.jobs,
    adapters: opts.adapters ?? carrierAdapters({ tokens: opts.tokens ?? new TokenCache(new MemoryTokenStore()), trackingBaseUrl: publicUrl, env: opts.env }),
    openCarriers: opts.openCarriers ?? sandboxRegistry(rt.defaultPublicUrl),
    polling: pollConfigOf(opts.env ?? process.env), afterCommit: () => relay.nudge(),
    calls: new CallLog(opts.callStore ?? postgresCallStore(database.db), logger, { enabled: opts.recordCalls ?? true }),
    consignments: consignmentLookup(new ServiceClient(rt.peers, new InternalTokenSigner(rt.internalJwtSecret)), rt.peers),
    warehouses: opts.warehouses ?? warehouseLookup(new ServiceClient(rt.peers, new InternalTokenSigner(rt.internalJwtSecret)), rt.peers),
  };
  await startRetentionJob(deps, rt.jobs, retentionPolicyOf(opts.env ?? process.env));
  const erasures = await startErasureConsumer({ bus: rt.bus, database, service: 'carrier-link', erase: eraseConsignmentCopies });
  await startSubscriptionWorker(deps, rt.jobs);
  const poller = new TrackingPoller(deps);
  poller.start();
  const app = buildApp(deps, { internalJwtSecret: rt.internalJwtSecret, publicBaseUrl: rt.publicBaseUrl, readiness: {
    database: () => database.ping(),
    jobs: () => { if (!rt.jobs.isHealthy()) throw new Error('job queue disconnected'); },
  } });
  const { server, port } = await listen(app, rt.port, rt.host);
  logger.info({ port }, 'carrier-link service listening');
  return {
    name: 'carrier-link',
    port,
    stop: async () => {
      await closeServer(server);
      await erasures.cancel();
      await poller.stop();
      await relay.stop();
      await deps.calls?.stop();
      await database.close();
    },
  };
}
