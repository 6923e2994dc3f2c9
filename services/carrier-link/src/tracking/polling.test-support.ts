import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { openDatabase, type Database } from '@waybill/db';
import type { RunningService } from '@waybill/http';
import { signInternalToken } from '@waybill/internal-auth';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import type { EventBus, EventEnvelope, Subscription } from '@waybill/messaging';
import { createTestBus, createTestDatabase, deleteRedisKeys, type TestDatabase } from '@waybill/testing';
import type { CarrierLinkDb } from '../database';
import { SCHEMA, startCarrierLinkService } from '../service';

const SECRET = 'carrier-link-polling-test-secret';

/** The polling figures tests use: first poll after 300 ms, doubling to 1.2 s, ticks every 100 ms. */
export const FAST_POLLING = {
  TRACKING_POLL_FIRST_MS: '300', TRACKING_POLL_MAX_INTERVAL_MS: '1200', TRACKING_POLL_TICK_MS: '100', TRACKING_POLL_LEASE_MS: '3000',
};

const logger = createLogger('test', { level: process.env.LOG_LEVEL ?? 'silent' });

/**
 * carrier-link replicas on one database (Postgres with DATABASE_URL, else PGlite), one bus (RabbitMQ with
 * AMQP_URL) and one job queue (BullMQ with REDIS_URL, under a key prefix of the stack's; each replica
 * its own driver, as each process has), with every carrier_link.tracking.polled event recorded.
 */
export class PollingStack {
  private readonly replicas = new Map<RunningService, JobDriver>();
  private readonly prefix = `test-polling-${randomBytes(4).toString('hex')}`;
  private constructor(
    readonly polled: EventEnvelope[], readonly testDb: TestDatabase, readonly bus: EventBus, private readonly watch: Subscription,
    readonly db: Database<CarrierLinkDb>, private readonly key: string, private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string>): Promise<PollingStack> {
    const testDb = await createTestDatabase();
    const bus = await createTestBus();
    const polled: EventEnvelope[] = [];
    const watch = await bus.subscribe({ queue: 'test.carrier-polls', bindings: ['carrier_link.tracking.polled'], handler: async (e) => { polled.push(e); } });
    return new PollingStack(polled, testDb, bus, watch, openDatabase<CarrierLinkDb>(testDb.target, SCHEMA), randomBytes(32).toString('base64'), { ...FAST_POLLING, ...env });
  }

  /** One more carrier-link process on the same database and bus (a replica, or the same service restarted). */
  async replica(env: Record<string, string> = {}, o: { bus?: EventBus } = {}): Promise<RunningService> {
    const redisUrl = process.env.REDIS_URL;
    const jobs = redisUrl ? new BullJobDriver({ redisUrl, logger, prefix: this.prefix }) : new InlineJobDriver({ logger });
    const svc = await startCarrierLinkService({
      db: this.testDb.target, bus: o.bus ?? this.bus, jobs, logger,
      internalJwtSecret: SECRET, dataEncryptionKey: this.key, defaultPublicUrl: 'https://waybill.example.com', peers: {}, port: 0, host: '127.0.0.1',
    }, { env: { ...this.env, ...env } });
    this.replicas.set(svc, jobs);
    return svc;
  }

  async stop(svc: RunningService): Promise<void> {
    const jobs = this.replicas.get(svc);
    this.replicas.delete(svc);
    await jobs?.stopWorkers();
    await svc.stop();
    await jobs?.close();
  }

  api(svc: RunningService, company: string) {
    const base = `http://127.0.0.1:${svc.port}/companies/${company}`;
    const auth = `Bearer ${signInternalToken(SECRET, 'carrier-link', { company, principal: 'token:test' })}`;
    return {
      get: (path: string) => request(base).get(path).set('authorization', auth),
      post: (path: string, body?: unknown) => request(base).post(path).set('authorization', auth).send(body as object),
      delete: (path: string) => request(base).delete(path).set('authorization', auth),
    };
  }

  /** The schedule of one consignment's numbers, as the database holds it. */
  schedule(company: string, consignment: string) {
    return this.db.db.selectFrom('tracking_polls').selectAll().where('company', '=', company).where('consignment_identifier', '=', consignment)
      .orderBy('tracking_number').execute();
  }

  /** Events found for a number, across every polled event so far. */
  eventsOf(number: string) {
    return this.polled.flatMap((e) => (e.data as { trackings: Array<{ tracking_number: string; events: Array<{ carrier_code?: string | null; status?: string | null }> }> }).trackings)
      .filter((t) => t.tracking_number === number).flatMap((t) => t.events);
  }

  async close(): Promise<void> {
    for (const svc of [...this.replicas.keys()]) await this.stop(svc);
    await this.watch.cancel();
    if (process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, this.prefix);
    await this.db.close();
    await this.bus.close();
    await this.testDb.drop();
  }
}

export const newCompany = () => `co-${randomBytes(4).toString('hex')}`;
export const newConsignment = () => randomBytes(16).toString('hex');

/** A booking request from a London warehouse to a London recipient with `parcels` parcels. */
export function bookingRequest(serviceName: string, parcels = 1) {
  return {
    orderNumber: 'ORDER-POLL', serviceName, options: {},
    origin: { company_name: 'Demo Co', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
    destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    parcels: Array.from({ length: parcels }, () => ({ weightKg: 1, lengthCm: 20, widthCm: 15, heightCm: 10 })),
    originContact: { phone: '+44 20 7946 0000' }, destinationContact: { phone: '07700 900123' },
  };
}

/** A counter's value in a replica's `/metrics` (0 when it has no sample with these labels yet). */
export async function metricValue(svc: RunningService, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${svc.port}/metrics`)).text();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
