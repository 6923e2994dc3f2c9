import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { EventType, type Consignment } from '@waybill/contracts';
import { openDatabase, type Database } from '@waybill/db';
import { signInternalToken } from '@waybill/internal-auth';
import type { JobDriver } from '@waybill/jobs';
import { newEnvelope, type EventBus, type EventEnvelope } from '@waybill/messaging';
import { createTestBus, createTestDatabase, createTestJobs, type TestDatabase } from '@waybill/testing';
import type { NotificationsDb } from '../database';
import { SCHEMA, startNotificationsService } from '../service';
import type { Branding } from '../sending/branding.client';
import { TestSmtpServer } from './smtp';

const SECRET = 'notifications-test-internal-secret';

export const BRANDING: Branding = { display_name: 'Brand & Co', logo_url: 'https://cdn.brand.example/logo.png', accent_colour: '#ffd400', support_email: 'help@brand.example' };

/**
 * The service as it runs, on the real servers when their URLs are set (its own database, queue and job
 * prefix), else PGlite, the in-process bus and inline jobs; a real SMTP server it sends to; every log
 * line it writes, kept for the test to read.
 */
export class Harness {
  readonly queue = `notifications.test-${randomBytes(4).toString('hex')}`;
  readonly logs: string[] = [];
  smtp!: TestSmtpServer;
  testDb!: TestDatabase;
  db!: Database<NotificationsDb>;
  private bus!: EventBus;
  private jobs!: JobDriver;
  private svc?: Awaited<ReturnType<typeof startNotificationsService>>;

  static async start(env: Record<string, string> = {}): Promise<Harness> {
    const h = new Harness();
    h.smtp = await TestSmtpServer.start();
    h.testDb = await createTestDatabase();
    h.bus = await createTestBus();
    h.jobs = createTestJobs();
    const sink = new Writable({ write: (chunk, _enc, done) => { h.logs.push(String(chunk)); done(); } });
    const logger = pino({ level: 'debug' }, sink);
    h.svc = await startNotificationsService({
      db: h.testDb.target, bus: h.bus, jobs: h.jobs, logger, internalJwtSecret: SECRET,
      defaultPublicUrl: 'https://track.example', peers: {}, port: 0, host: '127.0.0.1',
    }, {
      queue: h.queue, branding: async () => BRANDING,
      env: { SMTP_URL: h.smtp.url, MAIL_FROM: 'Shipping <shipping@waybill.example>', NOTIFY_BACKOFF: '50ms', NOTIFY_ATTEMPTS: '4', NOTIFY_SWEEP_INTERVAL: '200ms', ...env },
    });
    h.db = openDatabase<NotificationsDb>(h.testDb.target, SCHEMA);
    return h;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.svc!.port}`;
  }

  api(company: string) {
    const base = `${this.baseUrl}/companies/${company}`;
    const auth = `Bearer ${signInternalToken(SECRET, 'notifications', { company, principal: 'token:test' })}`;
    return {
      get: (path: string) => request(base).get(path).set('authorization', auth),
      put: (path: string, body: unknown) => request(base).put(path).set('authorization', auth).send(body as object),
      post: (path: string, body: unknown) => request(base).post(path).set('authorization', auth).send(body as object),
    };
  }

  /** A public path, as the gateway forwards it. */
  publicRequest(method: 'get' | 'post', path: string) {
    const auth = `Bearer ${signInternalToken(SECRET, 'notifications', { company: '*', principal: 'public:unsubscribe' })}`;
    return request(this.baseUrl)[method](path).set('authorization', auth);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    await this.bus.publish(envelope);
  }

  async sweep(): Promise<void> {
    await this.svc!.sweep();
  }

  async close(): Promise<void> {
    await this.svc?.stop();
    await this.jobs.close();
    await this.bus.close();
    await this.db.close();
    await this.testDb.drop();
    await this.smtp.close();
  }
}

export function consignment(overrides: Partial<Consignment> & { email?: string | null; country?: string; firstName?: string } = {}): Consignment {
  const { email = 'ada@example.com', country = 'GB', firstName = 'Ada', ...rest } = overrides;
  return {
    identifier: randomUUID().replace(/-/g, ''), order_number: `ORD-${randomBytes(3).toString('hex')}`, create_date: new Date().toISOString(),
    current_status: { status: 'Allocated', short_form: 'allocated', rejection_reason: null },
    carrier: 'Generic Carrier', service_id: 'Generic Carrier|Generic Next Day GNXT', service: 'Generic Next Day GNXT',
    consignment_number: 'GC000123', tracking_url: 'https://track.example/track/generic/GC000123', expected_delivery_date: '2026-12-01',
    recipient: { name: `${firstName} Lovelace`, first_name: firstName, email_address: email, address: { address1: '1 Main Street', city: 'Leeds', postcode: 'LS1 1AA', country } },
    packages: [{ tracking_number: 'GC000123' }],
    ...rest,
  } as unknown as Consignment;
}

export const created = (company: string, c: Consignment) => newEnvelope(EventType.ConsignmentCreated, company, { consignment: c });
export const statusChanged = (company: string, c: Consignment, to: string) =>
  newEnvelope(EventType.ConsignmentStatusChanged, company, { consignment: { ...c, current_status: { status: to, short_form: to.toLowerCase(), rejection_reason: null } }, from: 'Allocated', to });
export const outForDelivery = (company: string, c: Consignment) => newEnvelope(EventType.TrackingUpdated, company, {
  carrier_slug: 'generic',
  trackings: [{ tracking_number: 'GC000123', consignment_identifier: c.identifier, consignment_number: 'GC000123', order_number: c.order_number, id: 1, carrier: 'Generic Carrier', events: [{ status: 'OUT_FOR_DELIVERY', timestamp: '2026-11-27T08:00:00' }] }],
});
