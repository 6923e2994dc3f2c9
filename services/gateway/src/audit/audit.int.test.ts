import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { closeServer, listen } from '@waybill/http';
import { createLogger } from '@waybill/logger';
import { createTestBus, createTestDatabase, createTestJobs, eventually, type TestDatabase } from '@waybill/testing';
import type { JobDriver } from '@waybill/jobs';
import { buildGateway } from '../app';
import type { GatewayDb } from '../credentials/credentials.table';
import { addSecret, createCompany, upsertUser } from '../credentials/credentials.repository';
import { migrations } from '../migrations';
import { MemoryRateLimiter } from '../ratelimit/rate-limiter';
import { openGatewayAdmin } from '../admin';
import { auditPage, purgeAuditBefore, recordAudit } from './audit.repository';
import { AuditPurge, auditCutoff } from './audit.purge';
import { RETENTION_ACTOR, recordSweepErasure } from './audit.erasures';
import { EventType } from '@waybill/contracts';
import { newEnvelope, startErasureConsumer } from '@waybill/messaging';

const SECRET = 'audit-test-secret';
const WEBHOOK_SECRET = 'whsec_dGhpcy1pcy1hLXNpZ25pbmctc2VjcmV0';
const CARRIER_SECRET = 'carrier-client-secret-value';
const TOKEN = 'acme-audit-api-token';
const PASSWORD = 'correct horse battery';
const logger = createLogger('test', { level: 'silent' });

/**
 * The audit log end to end at the edge: the gateway records audited writes that its (stand-in)
 * services answer with a 2xx, with the actor's name and the client address and nothing of the bodies
 * (which carry secrets here), serves them newest first per company, and the purge keeps a year.
 */
describe('the audit log', () => {
  let db: TestDatabase;
  let database: Database<GatewayDb>;
  let backend: Server;
  let gateway: { base: string; stop: () => Promise<void> };

  beforeAll(async () => {
    db = await createTestDatabase();
    database = openDatabase<GatewayDb>(db.target, 'gateway');
    await migrateToLatest(database.db, 'gateway', migrations);
    for (const c of ['acme', 'globex']) await createCompany(database.db, c, c);
    await addSecret(database.db, 'api_tokens', 'acme', 'Shop connector', TOKEN);
    await addSecret(database.db, 'api_tokens', 'globex', 'Globex token', 'globex-audit-api-token');
    await upsertUser(database.db, 'acme', 'alice', PASSWORD);
    // Stand-in services: creations answer with secrets beside the id, a missing id answers 404.
    backend = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url!.includes('/missing')) {
          res.statusCode = 404;
          return res.end('{"detail":"Not found."}');
        }
        if (req.method === 'POST' && req.url!.endsWith('/webhooks/endpoints')) return res.end(JSON.stringify({ id: 'ep_1', url: 'https://x.example', secret: WEBHOOK_SECRET }));
        if (req.method === 'POST' && req.url!.endsWith('/carrier-accounts')) return res.end(JSON.stringify({ identifier: 'acc_1', credentials: { client_secret: CARRIER_SECRET } }));
        if (req.url!.endsWith('/rotate-secret')) return res.end(JSON.stringify({ secret: WEBHOOK_SECRET }));
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    const { handler } = buildGateway({
      db: database.db, logger, limiter: new MemoryRateLimiter(6000), internalJwtSecret: SECRET, readiness: {},
      services: { 'webhook-dispatcher': url, 'carrier-link': url, consignment: url, 'delivery-options': url, 'tracking-ingest': url },
    });
    const served = await listen(handler, 0, '127.0.0.1');
    gateway = { base: `http://127.0.0.1:${served.port}`, stop: () => closeServer(served.server) };
  });
  afterAll(async () => {
    await gateway.stop();
    await new Promise((resolve) => backend.close(resolve));
    await database.close();
    await db.drop();
  });

  const asToken = { authorization: `token ${TOKEN}`, 'content-type': 'application/json' };
  const asAlice = { authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
  const call = (method: string, path: string, headers: Record<string, string>, body: unknown = {}) =>
    fetch(`${gateway.base}/_api/v1/company/acme${path}`, { method, headers, body: method === 'DELETE' ? undefined : JSON.stringify(body) });
  const log = async (company = 'acme', query = '') => {
    const res = await fetch(`${gateway.base}/_api/v1/company/${company}/audit-log${query}`, { headers: { authorization: `token ${company === 'acme' ? TOKEN : 'globex-audit-api-token'}` } });
    expect(res.status).toBe(200);
    return res.json() as Promise<{ count: number; next: string | null; results: Array<Record<string, string | null>> }>;
  };

  it('records successful audited writes, by token label or user name, with ids and never a secret', async () => {
    expect((await call('POST', '/webhooks/endpoints', asToken, { url: 'https://x.example', secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await call('POST', '/webhooks/endpoints/ep_1/rotate-secret', asToken)).status).toBe(200);
    expect((await call('POST', '/carrier-accounts', asAlice, { credentials: { client_secret: CARRIER_SECRET } })).status).toBe(200);
    expect((await call('PUT', '/service-aliases', asAlice, { Yodel: 'x' })).status).toBe(200);
    expect((await call('DELETE', '/carrier-accounts/missing', asToken)).status).toBe(404);
    expect((await call('POST', '/consignments', asToken, [])).status).toBe(200);
    const page = await log();
    expect(page.results.map((r) => [r.actor, r.action, r.target])).toEqual([
      ['alice', 'service_aliases.replaced', null],
      ['alice', 'carrier_account.created', 'acc_1'],
      ['token:Shop connector', 'webhook_endpoint.secret_rotated', 'ep_1'],
      ['token:Shop connector', 'webhook_endpoint.created', 'ep_1'],
    ]);
    expect(page.results.every((r) => r.source_ip === '127.0.0.1')).toBe(true);
    const stored = JSON.stringify(await database.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [WEBHOOK_SECRET, CARRIER_SECRET, TOKEN, PASSWORD]) expect(stored).not.toContain(secret);
  });

  it('shows a company only its own entries', async () => {
    expect((await call('PUT', '/tracking-page', asToken, { display_name: 'Acme' })).status).toBe(200);
    expect((await log('globex')).results).toEqual([]);
    const other = await fetch(`${gateway.base}/_api/v1/company/acme/audit-log`, { headers: { authorization: 'token globex-audit-api-token' } });
    expect(other.status).toBe(403);
  });

  it('pages newest first with a cursor, count from the page on', async () => {
    const first = await log('acme', '?limit=2');
    expect(first.count).toBe(5);
    expect(first.results.map((r) => r.action)).toEqual(['branding.updated', 'service_aliases.replaced']);
    const next = new URL(first.next!);
    const second = await log('acme', next.search);
    expect(second.count).toBe(3);
    expect(second.results.map((r) => r.action)).toEqual(['carrier_account.created', 'webhook_endpoint.secret_rotated']);
    const bad = await fetch(`${gateway.base}/_api/v1/company/globex/audit-log${next.search}`, { headers: { authorization: 'token globex-audit-api-token' } });
    expect(bad.status).toBe(400);
  });

  it('records the CLI\'s credential changes under its actor, never the token or password', async () => {
    const admin = await openGatewayAdmin(db.target, { auditActor: 'cli:ops' });
    try {
      const { id, token } = await admin.addApiToken('globex', 'warehouse scanner');
      await admin.setUser('globex', 'bob', 'another long password');
      await admin.setUser('globex', 'bob', 'a changed long password');
      await admin.revokeApiToken(id);
      const page = await log('globex');
      expect(page.results.map((r) => [r.actor, r.action, r.target, r.source_ip])).toEqual([
        ['cli:ops', 'api_token.revoked', id, null],
        ['cli:ops', 'user.password_changed', 'bob', null],
        ['cli:ops', 'user.created', 'bob', null],
        ['cli:ops', 'api_token.created', id, null],
      ]);
      expect(JSON.stringify(page)).not.toContain(token);
    } finally {
      await admin.close();
    }
  });

  it('purges entries older than a year, in batches, and a second purge removes nothing', async () => {
    const now = new Date('2027-06-01T00:00:00Z');
    const cutoff = auditCutoff(now);
    for (let i = 0; i < 7; i++) {
      await recordAudit(database.db, { company: 'initech', actor: 'x', principal: 'user:x', action: 'branding.updated', target: null, sourceIp: null, at: new Date(cutoff.getTime() - (i + 1) * 60_000) });
    }
    await recordAudit(database.db, { company: 'initech', actor: 'x', principal: 'user:x', action: 'delivery_settings.updated', target: null, sourceIp: null, at: new Date(cutoff.getTime() + 60_000) });
    expect(await purgeAuditBefore(database.db, cutoff, 3)).toBe(7);
    expect(await purgeAuditBefore(database.db, cutoff, 3)).toBe(0);
    const left = await auditPage(database.db, 'initech', null, 10);
    expect(left.rows.map((r) => r.action)).toEqual(['delivery_settings.updated']);
  });

  it('runs the purge as a scheduled job', async () => {
    const jobs: JobDriver = createTestJobs();
    const old = new Date(Date.now() - 400 * 86_400_000);
    await recordAudit(database.db, { company: 'umbrella', actor: 'x', principal: 'user:x', action: 'branding.updated', target: null, sourceIp: null, at: old });
    const purge = new AuditPurge(database.db, jobs, logger);
    try {
      await purge.start();
      await eventually(async () => (await auditPage(database.db, 'umbrella', null, 10)).rows.length === 0, { timeoutMs: 10_000, what: 'the year-old entry purged' });
    } finally {
      purge.stop();
      await jobs.close();
    }
  });

  it('records each consignment the retention sweep erased as system:retention, once, and leaves erasures on request to the request', async () => {
    const bus = await createTestBus();
    const erasures = await startErasureConsumer({ bus, database, service: 'gateway', erase: recordSweepErasure });
    try {
      const erased = (identifier: string, reason: 'request' | 'retention') => newEnvelope(EventType.ConsignmentErased, 'swept-co', { identifier, erased_at: '2026-11-27T03:00:00Z', reason, tracking_numbers: [] });
      const swept = erased('swept-1', 'retention');
      await bus.publish(swept);
      await bus.publish(swept);
      await bus.publish(erased('asked-1', 'request'));
      await bus.publish(erased('swept-2', 'retention'));
      await eventually(async () => (await auditPage(database.db, 'swept-co', null, 10)).rows.length === 2, { timeoutMs: 10_000, what: 'two sweep erasures recorded' });
      const { rows } = await auditPage(database.db, 'swept-co', null, 10);
      expect(rows.map((r) => [r.actor, r.action, r.target, r.source_ip])).toEqual([
        [RETENTION_ACTOR, 'consignment.erased', 'swept-2', null], [RETENTION_ACTOR, 'consignment.erased', 'swept-1', null],
      ]);
    } finally {
      await erasures.cancel();
      await bus.close();
    }
  });
});
