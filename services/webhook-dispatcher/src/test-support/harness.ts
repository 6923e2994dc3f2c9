import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { Redis } from 'ioredis';
import request from 'supertest';
import { openDatabase, type Database, type DbTarget } from '@waybill/db';
import { signInternalToken } from '@waybill/internal-auth';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus, newEnvelope, RabbitEventBus, type EventBus, type EventEnvelope } from '@waybill/messaging';
import { startTcpProxy, type TcpProxy } from '@waybill/messaging/src/test-support/tcp-proxy';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import type { DispatcherDb } from '../database';
import { SCHEMA, startWebhookDispatcherService } from '../service';
import type { Resolver } from '../security/url-guard';

const SECRET = 'webhook-test-internal-secret';
export const realServers = Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL);

/** Timings that run a webhook's whole life in about a second. */
export const FAST_ENV = {
  WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '0,100ms,200ms,300ms', WEBHOOK_TIMEOUT: '1s', WEBHOOK_DEFER: '50ms',
  WEBHOOK_SWEEP_INTERVAL: '200ms', WEBHOOK_SWEEP_GRACE: '1s', WEBHOOK_ENDPOINT_CONCURRENCY: '4', WEBHOOK_WORKER_CONCURRENCY: '16',
};

export interface HarnessOptions {
  env?: Record<string, string>;
  resolver?: Resolver;
  /** RabbitMQ only: the dispatcher reaches the broker through a TCP proxy the test can cut. */
  proxied?: boolean;
  /** Postgres only: the dispatcher reaches its database through a TCP proxy the test can cut. */
  proxiedDb?: boolean;
}

/**
 * The dispatcher running as in production, on the real servers when their URLs are set (its own
 * database, queue and job prefix, so nothing competes with other tests), else on PGlite, the
 * in-process bus and the inline job driver. `restart` stops it and starts a fresh instance.
 */
export class Harness {
  readonly logger = createLogger('webhook-test');
  readonly queue = `webhook-dispatcher.test-${randomBytes(4).toString('hex')}`;
  private readonly prefix = `waybill-test-${randomBytes(4).toString('hex')}`;
  private readonly env: Record<string, string>;
  testDb!: TestDatabase;
  db!: Database<DispatcherDb>;
  proxy?: TcpProxy;
  dbProxy?: TcpProxy;
  private publisher!: EventBus;
  private bus!: EventBus;
  private jobs!: JobDriver;
  private svc?: Awaited<ReturnType<typeof startWebhookDispatcherService>>;

  private constructor(private readonly opts: HarnessOptions) {
    this.env = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ...FAST_ENV, ...opts.env };
  }

  static async start(opts: HarnessOptions = {}): Promise<Harness> {
    const h = new Harness(opts);
    h.testDb = await createTestDatabase();
    if (realServers) {
      const amqp = new URL(process.env.AMQP_URL!);
      h.publisher = await RabbitEventBus.connect({ url: amqp.toString(), logger: h.logger, retryDelayMs: 20 });
      if (opts.proxied) {
        h.proxy = await startTcpProxy(amqp.hostname, Number(amqp.port || 5672));
        amqp.host = `127.0.0.1:${h.proxy.port}`;
      }
      h.bus = opts.proxied ? await RabbitEventBus.connect({ url: amqp.toString(), logger: h.logger, retryDelayMs: 20 }) : h.publisher;
    } else {
      h.bus = h.publisher = new InProcessEventBus({ logger: h.logger, retryDelayMs: 20 });
    }
    if (opts.proxiedDb && h.testDb.target.kind === 'pg') {
      const pg = new URL(h.testDb.target.url);
      h.dbProxy = await startTcpProxy(pg.hostname, Number(pg.port || 5432));
    }
    await h.startService();
    h.db = openDatabase<DispatcherDb>(h.testDb.target, SCHEMA);
    return h;
  }

  private newJobs(): JobDriver {
    return realServers ? new BullJobDriver({ redisUrl: process.env.REDIS_URL!, prefix: this.prefix, logger: this.logger }) : new InlineJobDriver({ logger: this.logger });
  }

  private async startService(): Promise<void> {
    this.jobs = this.newJobs();
    this.svc = await startWebhookDispatcherService({
      db: this.serviceDbTarget(), bus: this.bus, jobs: this.jobs, logger: this.logger, internalJwtSecret: SECRET,
      defaultPublicUrl: 'http://localhost:8080', peers: {}, port: 0, host: '127.0.0.1',
    }, { env: this.env, resolver: this.opts.resolver, queue: this.queue });
  }

  /** The service's own database target: through the proxy when there is one (the test's reads never are). */
  private serviceDbTarget(): DbTarget {
    const target = this.testDb.target;
    if (target.kind !== 'pg') return target;
    const url = new URL(target.url);
    if (this.dbProxy) url.host = `127.0.0.1:${this.dbProxy.port}`;
    return { ...target, url: url.toString(), poolSize: 20 };
  }

  /** As a process stop does: running attempts finish, queued inline jobs are lost, then a new instance starts. */
  async restart(between?: () => Promise<void>): Promise<void> {
    await this.stopService();
    await between?.();
    await this.startService();
  }

  async stopService(): Promise<void> {
    await this.svc?.stop();
    await this.jobs.close();
    this.svc = undefined;
  }

  /** Calls the management API as the gateway would for `company`. */
  api(company: string) {
    const base = `http://127.0.0.1:${this.svc!.port}/companies/${company}`;
    const auth = `Bearer ${signInternalToken(SECRET, 'webhook-dispatcher', { company, principal: 'token:test' })}`;
    return {
      get: (path: string) => request(base).get(path).set('authorization', auth),
      post: (path: string, body?: unknown) => request(base).post(path).set('authorization', auth).send(body as object),
      patch: (path: string, body: unknown) => request(base).patch(path).set('authorization', auth).send(body as object),
      delete: (path: string) => request(base).delete(path).set('authorization', auth),
    };
  }

  async publish<T>(type: string, company: string, data: T, id?: string): Promise<EventEnvelope<T>> {
    const envelope = { ...newEnvelope(type, company, data), ...(id ? { id } : {}) };
    await this.publisher.publish(envelope);
    return envelope;
  }

  async publishEnvelope(envelope: EventEnvelope): Promise<void> {
    await this.publisher.publish(envelope);
  }

  readyzUrl(): string {
    return `http://127.0.0.1:${this.svc!.port}/readyz`;
  }

  /** Folds finished attempts into the dashboard's figures now, as the periodic rollup would. */
  rollup(): Promise<number> {
    return this.svc!.rollup();
  }

  sweep(): Promise<unknown> {
    return this.svc!.sweep();
  }

  async close(): Promise<void> {
    await this.stopService().catch(() => undefined);
    await this.db?.close();
    await Promise.allSettled([this.bus.close(), this.publisher.close()]);
    await this.proxy?.close();
    await this.dbProxy?.close();
    if (realServers) await this.cleanupServers();
    await this.testDb.drop();
  }

  private async cleanupServers(): Promise<void> {
    const conn = await connect(process.env.AMQP_URL!);
    const ch = await conn.createChannel();
    for (const q of [this.queue, `${this.queue}.retry`, `${this.queue}.dlq`]) await ch.deleteQueue(q);
    await conn.close();
    const redis = new Redis(process.env.REDIS_URL!);
    const keys = await redis.keys(`${this.prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

export const newCompany = () => `co-${randomUUID().slice(0, 8)}`;
