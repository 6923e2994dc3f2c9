import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { DhlExpressDouble, RoyalMailDouble, UpsDouble } from '@waybill/carrier-doubles';
import { CarrierLinkClient, LinkedCarriers } from '@waybill/carrier-link-client';
import { openDatabase, migrateToLatest, type Database } from '@waybill/db';
import { signInternalToken } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { OutboxRelay } from '@waybill/messaging';
import { createTestBus, createTestDatabase, startServiceProcess, type ServiceProcess, type TestDatabase } from '@waybill/testing';
import { AUDIENCE, buildApp } from './app';
import type { CompanyDirectory } from './companies/company.context';
import { upsertSettings, upsertWarehouse } from './companies/company.repository';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { startDashboardConsumer } from './dashboard/dashboard.consumer';
import { SCHEMA } from './service';

const SECRET = 'real-carriers-internal-secret';
export const UPS = { clientId: 'ups-int-client-0001', clientSecret: 'ups-int-secret-ABCD', accountNumber: 'A1B2C3' };
export const RM = { apiKey: 'rm-int-key-0001', oba: true };
export const DHL = { apiKey: 'dhl-int-key', apiSecret: 'dhl-int-secret', accountNumber: '123456789' };

/**
 * The consignment service's app, with carrier-link as its own process (its built main.js, as deployed)
 * against the UPS, Royal Mail and DHL Express doubles, each on its own database and port, for one
 * company with a UK warehouse and a second one in Leeds. Rules are a stub answering `candidates`.
 * It needs the real servers (carrier-link's main runs on Postgres, RabbitMQ and Redis).
 */
export class RealCarriersHarness {
  candidates: string[] = [];
  private constructor(
    readonly app: Express, readonly companies: CompanyDirectory, readonly company: string,
    readonly ups: UpsDouble, readonly rm: RoyalMailDouble, readonly dhl: DhlExpressDouble,
    private readonly link: ServiceProcess, readonly database: Database<ConsignmentDb>,
    private readonly dbs: TestDatabase[], private readonly stopEvents: () => Promise<void>,
  ) {}

  static async start(): Promise<RealCarriersHarness> {
    const ups = new UpsDouble({ clients: [UPS] });
    const rm = new RoyalMailDouble([RM]);
    const dhl = new DhlExpressDouble([DHL]);
    await Promise.all([ups.start(), rm.start(), dhl.start()]);
    const logger = createLogger('test', { level: process.env.LOG_LEVEL ?? 'silent' });
    const [linkDb, consignmentDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const link = await startServiceProcess('carrier-link', {
      DATABASE_URL: linkDb.url!, INTERNAL_JWT_SECRET: SECRET, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://waybill.example.com',
      CARRIER_BASE_URL_UPS: ups.url, CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_BASE_URL_DHL_EXPRESS: dhl.url, CARRIER_TIMEOUT_MS: '3000',
    });
    const peers = { 'carrier-link': link.url };
    const database = openDatabase<ConsignmentDb>(consignmentDb.target, SCHEMA);
    await migrateToLatest(database.db, SCHEMA, migrations);
    const company = `co-${randomBytes(4).toString('hex')}`;
    await upsertSettings(database.db, { company, extraCustomFields: false, trackingEnabled: true });
    await upsertWarehouse(database.db, {
      company, name: 'London', timezone: 'Europe/London', isDefault: true, cutoff: '16:30',
      address: { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
    });
    await upsertWarehouse(database.db, {
      company, name: 'Leeds', timezone: 'Europe/London', isDefault: false,
      address: { address1: '2 Canal Wharf', city: 'Leeds', postcode: 'LS11 5QN', country: 'GB' },
    });
    let h: RealCarriersHarness | undefined;
    const rules = { candidates: async () => h!.candidates };
    // The dashboard's read model (the exceptions queue) is kept from this service's own events.
    const events = await createTestBus();
    const relay = new OutboxRelay({ database, bus: events, logger, pollIntervalMs: 50 });
    const { app, companies } = buildApp({
      db: database.db, logger, internalJwtSecret: SECRET, readiness: {}, afterCommit: () => relay.nudge(),
      peers, rules, carriers: new LinkedCarriers(new CarrierLinkClient(peers, SECRET, 'consignment')),
    });
    const dashboard = await startDashboardConsumer({ database, bus: events, companies, logger, afterCommit: () => relay.nudge() });
    relay.start();
    const close = async () => {
      await dashboard.cancel();
      await relay.stop();
      await events.close();
    };
    h = new RealCarriersHarness(app, companies, company, ups, rm, dhl, link, database, [linkDb, consignmentDb], close);
    return h;
  }

  /** carrier-link's own API for the company, as the gateway would call it. */
  carrierLink(method: 'get' | 'post' | 'delete', path: string, body?: unknown) {
    const auth = `Bearer ${signInternalToken(SECRET, 'carrier-link', { company: this.company, principal: 'token:test' })}`;
    const r = request(`${this.link.url}/companies/${this.company}`)[method](path).set('authorization', auth);
    return body === undefined ? r : r.send(body as object);
  }

  async addAccounts(): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const [carrier, credentials] of [
      ['ups', { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber }],
      ['royalmail', { api_key: RM.apiKey }],
      ['dhl_express', { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber }],
    ] as const) {
      const res = await this.carrierLink('post', '/carrier-accounts', { carrier, name: carrier, test_mode: true, credentials });
      if (res.status !== 201) throw new Error(`account ${carrier}: ${res.status} ${JSON.stringify(res.body)}`);
      ids[carrier] = res.body.identifier;
    }
    this.companies.invalidate();
    return ids;
  }

  /** The consignment service's API for the company (or as another service, `principal`). */
  api(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown, principal = 'token:test') {
    const auth = `Bearer ${signInternalToken(SECRET, AUDIENCE, { company: this.company, principal })}`;
    const r = request(this.app)[method](`/companies/${this.company}${path}`).set('authorization', auth);
    return body === undefined ? r : r.send(body as object);
  }

  /** Creates one consignment and answers it as the API reads it back. */
  async create(body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await this.api('post', '/consignments', [body]);
    if (res.status !== 201 && res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    if (!res.body.success?.[0]) throw new Error(`create refused: ${JSON.stringify(res.body.errors)}`);
    return (await this.api('get', `/consignment/${res.body.success[0]}`)).body;
  }

  /** The consignment service's /metrics. */
  async metrics(): Promise<string> {
    return (await request(this.app).get('/metrics')).text;
  }

  /** carrier-link's own /metrics (its process's counters: the carrier calls it made). */
  async carrierLinkMetrics(): Promise<string> {
    return (await request(this.link.url).get('/metrics')).text;
  }

  violations(): string[] {
    return [...this.ups.violations, ...this.rm.violations, ...this.dhl.violations];
  }

  async close(): Promise<void> {
    await this.stopEvents();
    await this.link.stop();
    await this.database.close();
    await Promise.all(this.dbs.map((d) => d.drop()));
    await Promise.all([this.ups.stop(), this.rm.stop(), this.dhl.stop()]);
  }
}

/** A consignment body: two parcels to a UK address, the recipient's phone, the order number given. */
export function consignmentBody(order: string, extra: Record<string, unknown> = {}, address: Record<string, string> = {}): Record<string, unknown> {
  return {
    order_number: order,
    recipient: {
      name: 'Jane Smith', contact_number: '07700 900123', email_address: 'jane@example.com',
      address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB', ...address },
    },
    packages: [
      { weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', description: 'Books' },
      { weight: 1, weight_unit: 'kg' },
    ],
    custom_attributes: { override_sender_phone: '+44 20 7946 0000' },
    ...extra,
  };
}
