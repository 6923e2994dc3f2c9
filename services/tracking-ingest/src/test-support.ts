import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { openDatabase, sql } from '@waybill/db';
import type { TrackedCarriers } from './carriers/tracked-carrier';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import type { RunningService } from '@waybill/http';
import { newEnvelope, type EventBus, type EventEnvelope } from '@waybill/messaging';
import type { JobDriver } from '@waybill/jobs';
import { createTestBus, createTestDatabase, createTestJobs, type TestDatabase } from '@waybill/testing';
import { startTrackingIngestService } from './service';
import { openTrackingAdmin } from './admin';
import { AUDIENCE } from './app';

export const SECRET = 'test-internal-secret';
export const CARRIER_SECRET = 'sandbox-carrier-secret-for-tests';

export interface IngestHarness {
  url: string;
  /** The service's DATA_ENCRYPTION_KEY (carrier-link derives the push-token key from the same one). */
  encryptionKey: string;
  bus: EventBus;
  /** Every tracking.* event published so far. */
  events: EventEnvelope[];
  clock: { now: Date };
  /** POSTs a push as the gateway would forward it, signed with the carrier secret unless told otherwise. */
  push(carrier: string, body: unknown, o?: { signature?: string; principal?: string; raw?: string }): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** A request as the gateway forwards a company's (its internal token names the company). */
  asCompany(company: string, path: string, init?: RequestInit): Promise<Response>;
  /** Whether the service's consumers have processed the event (its inbox row exists). */
  consumed(eventId: string): Promise<boolean>;
  /** Announces a consignment as the consignment service would (consignment.consignment.allocated). */
  allocate(c: TestConsignment, type?: string): Promise<EventEnvelope>;
  /** Holds the service's consignment projection: events it receives wait until `release` (a slow or stopped consumer). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export interface TestConsignment {
  company: string;
  identifier: string;
  order_number: string;
  service_id: string | null;
  consignment_number: string | null;
  packages: Array<{ tracking_number: string | null; reference?: string | null }>;
  /** The rest of a consignment's representation, as its events carry it. */
  [field: string]: unknown;
}

export const sign = (secret: string, t: number, raw: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
export const newIdentifier = () => randomUUID().replace(/-/g, '');
export const trackingNumber = (prefix = 'GC') => `${prefix}${randomBytes(6).readUIntBE(0, 6)}`;

/** The service on a fresh database, bus and job driver, with every sandbox carrier's secret set. */
/** The bus as the service sees it, its consignment projection held at a gate while the test says so. */
function gatedBus(bus: EventBus): { bus: EventBus; gate: { held?: { promise: Promise<void>; open: () => void } } } {
  const gate: { held?: { promise: Promise<void>; open: () => void } } = {};
  const gated: EventBus = {
    publish: (e) => bus.publish(e),
    isHealthy: () => bus.isHealthy(),
    close: async () => undefined,
    subscribe: (o) => bus.subscribe(o.queue !== 'tracking-ingest.consignment-events' ? o : {
      ...o,
      handler: async (e) => {
        await gate.held?.promise;
        return o.handler(e);
      },
    }),
  };
  return { bus: gated, gate };
}

export async function startIngestHarness(opts: { registry?: TrackedCarriers; parkingSweepMs?: number; peers?: Record<string, string> } = {}): Promise<IngestHarness> {
  const tdb: TestDatabase = await createTestDatabase();
  const bus = await createTestBus();
  const jobs: JobDriver = createTestJobs();
  const dataEncryptionKey = randomBytes(32).toString('base64');
  const admin = await openTrackingAdmin(tdb.target, dataEncryptionKey);
  for (const c of ['generic', 'swiftpost', 'globex', 'parcelink', 'ups', 'royalmail', 'dhl_express']) await admin.setCarrierSecret(c, CARRIER_SECRET);
  await admin.close();
  const events: EventEnvelope[] = [];
  const watch = await bus.subscribe({ queue: 'test.tracking-events', bindings: ['tracking.#'], handler: async (e) => { events.push(e); } });
  const clock = { now: new Date() };
  const held = gatedBus(bus);
  const rt = {
    db: tdb.target, bus: held.bus, jobs, logger: createLogger('test', { level: 'silent' }), internalJwtSecret: SECRET, dataEncryptionKey,
    defaultPublicUrl: 'https://waybill.example.com', peers: opts.peers ?? {}, port: 0, host: '127.0.0.1',
  };
  const svc: RunningService = await startTrackingIngestService(rt, {
    now: () => clock.now, registry: opts.registry, podRetry: { attempts: 3, backoffMs: 50 }, parkingSweepMs: opts.parkingSweepMs,
  });
  const url = `http://127.0.0.1:${svc.port}`;
  const inspect = openDatabase<unknown>(tdb.target, 'tracking');
  const token = (principal: string, company = '*') => `Bearer ${signInternalToken(SECRET, AUDIENCE, { company, principal })}`;
  return {
    url, bus, events, clock, encryptionKey: dataEncryptionKey,
    async push(carrier, body, o = {}) {
      const raw = o.raw ?? JSON.stringify(body);
      const signature = o.signature ?? sign(CARRIER_SECRET, Math.floor(clock.now.getTime() / 1000), raw);
      const res = await fetch(`${url}/ingest/v1/carriers/${carrier}/tracking`, {
        method: 'POST', body: raw,
        headers: { 'content-type': 'application/json', 'x-waybill-signature': signature, authorization: token(o.principal ?? `carrier:${carrier}`) },
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    get: (path, headers = {}) => fetch(`${url}${path}`, { headers: { authorization: token('link:proof-of-delivery'), ...headers } }),
    asCompany: (company, path, init = {}) => fetch(`${url}${path}`, { ...init, headers: { ...init.headers as Record<string, string>, authorization: token('user:test', company) } }),
    consumed: async (eventId) => (await sql`select 1 from tracking.inbox where event_id = ${eventId}`.execute(inspect.db)).rows.length > 0,
    async allocate(c, type = 'consignment.consignment.allocated') {
      const carrier = typeof c.service_id === 'string' ? c.service_id.split('|')[0] : null;
      const event = newEnvelope(type, c.company, { consignment: { ...c, carrier, company: undefined } });
      await bus.publish(event);
      return event;
    },
    hold() {
      let open = () => {};
      const promise = new Promise<void>((r) => { open = r; });
      held.gate.held = { promise, open };
    },
    release() {
      held.gate.held?.open();
      held.gate.held = undefined;
    },
    close: async () => {
      held.gate.held?.open();
      await svc.stop();
      await inspect.close();
      await watch.cancel();
      await jobs.close();
      await bus.close();
      await tdb.drop();
    },
  };
}
