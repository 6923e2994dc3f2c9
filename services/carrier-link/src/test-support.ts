import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { signInternalToken } from '@waybill/internal-auth';
import type { JobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus } from '@waybill/messaging';
import { createTestDatabase, createTestJobs, type TestDatabase } from '@waybill/testing';
import { openDatabase } from '@waybill/db';
import type { RunningService } from '@waybill/http';
import type { CarrierLinkDb } from './database';
import { SCHEMA, startCarrierLinkService, type CarrierLinkOptions } from './service';

const SECRET = 'carrier-link-test-internal-secret';

/**
 * The carrier-link service on a fresh database (Postgres with DATABASE_URL, else PGlite) and its own jobs
 * (BullMQ with REDIS_URL, else inline), driven as the gateway would.
 */
export class CarrierLinkHarness {
  private constructor(readonly svc: RunningService, readonly testDb: TestDatabase, readonly encryptionKey: string, private readonly jobs: JobDriver, readonly bus: InProcessEventBus) {}

  static async start(env: Record<string, string>, opts: Omit<CarrierLinkOptions, 'env'> = {}): Promise<CarrierLinkHarness> {
    const testDb = await createTestDatabase();
    const logger = createLogger('test', { level: process.env.LOG_LEVEL ?? 'silent' });
    const encryptionKey = randomBytes(32).toString('base64');
    // BullMQ under a key prefix of its own with REDIS_URL, inline otherwise.
    const jobs = createTestJobs();
    const bus = new InProcessEventBus({ logger });
    const svc = await startCarrierLinkService({
      db: testDb.target, bus, jobs, logger,
      internalJwtSecret: SECRET, dataEncryptionKey: encryptionKey, defaultPublicUrl: 'https://waybill.example.com',
      peers: {}, port: 0, host: '127.0.0.1',
    }, { env, ...opts });
    return new CarrierLinkHarness(svc, testDb, encryptionKey, jobs, bus);
  }

  db() {
    return openDatabase<CarrierLinkDb>(this.testDb.target, SCHEMA);
  }

  api(company: string) {
    const base = `http://127.0.0.1:${this.svc.port}/companies/${company}`;
    const auth = `Bearer ${signInternalToken(SECRET, 'carrier-link', { company, principal: 'token:test' })}`;
    return {
      get: (path: string) => request(base).get(path).set('authorization', auth),
      post: (path: string, body?: unknown) => request(base).post(path).set('authorization', auth).send(body as object),
      patch: (path: string, body: unknown) => request(base).patch(path).set('authorization', auth).send(body as object),
      delete: (path: string) => request(base).delete(path).set('authorization', auth),
    };
  }

  /** An internal request not made for one company (`company: '*'`), as the gateway makes for its OpenAPI document. */
  internal(path: string, token = signInternalToken(SECRET, 'carrier-link', { company: '*', principal: 'service:gateway' })) {
    return request(`http://127.0.0.1:${this.svc.port}`).get(path).set('authorization', `Bearer ${token}`);
  }

  /** A request as the gateway forwards a carrier's public ingest path (the token names the path's carrier). */
  asCarrier(carrier: string) {
    const auth = `Bearer ${signInternalToken(SECRET, 'carrier-link', { company: '*', principal: `carrier:${carrier}` })}`;
    return request(`http://127.0.0.1:${this.svc.port}`).post(`/ingest/v1/carriers/${carrier}/oauth/token`).set('authorization', auth);
  }

  async close(): Promise<void> {
    await this.svc.stop();
    await this.jobs.close();
    await this.testDb.drop();
  }
}
