import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { Express } from 'express';
import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { verifyInternalToken, type InternalPrincipal } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { buildGatewayApp } from '../app';
import type { GatewayDb } from '../credentials/credentials.table';
import { createCompany, upsertUser } from '../credentials/credentials.repository';
import { migrations } from '../migrations';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../ratelimit/rate-limiter';
import { AUTH_FAILURES_PER_MINUTE } from '../routes/public.routes';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from './session.store';
import { COOKIE_NAME } from './session.cookie';

const SECRET = 'console-session-test-secret';
const MINUTE = 60_000;

/**
 * The console's session at the gateway, against a real database (and Redis for the failure budget when
 * REDIS_URL is set): what the cookie looks like, what it opens, and everything it must not.
 */
describe('console sessions at the gateway', () => {
  let db: TestDatabase;
  let database: Database<GatewayDb>;
  let backend: Server;
  /** What the stand-in consignment service received, with the principal its internal token named. */
  const received: Array<{ method: string; url: string; principal: InternalPrincipal }> = [];
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
  const assets = mkdtempSync(join(tmpdir(), 'waybill-console-assets-'));
  let now = Date.now();
  let app: Express;

  function gateway(limiter: RateLimiter = new MemoryRateLimiter(6000)): Express {
    const { port } = backend.address() as AddressInfo;
    return buildGatewayApp({
      db: database.db, logger: createLogger('test', { level: 'silent' }), limiter, internalJwtSecret: SECRET,
      services: { consignment: `http://127.0.0.1:${port}` }, consoleDir: assets, readiness: {}, sessionClock: () => now,
    });
  }

  beforeAll(async () => {
    writeFileSync(join(assets, 'index.html'), '<!doctype html><title>console</title>');
    db = await createTestDatabase();
    database = openDatabase<GatewayDb>(db.target, 'gateway');
    await migrateToLatest(database.db, 'gateway', migrations);
    for (const [company, user] of [['acme', 'alice'], ['globex', 'bob']]) {
      await createCompany(database.db, company, company);
      await upsertUser(database.db, company, user, `${user}-password`);
    }
    backend = createServer((req, res) => {
      const principal = verifyInternalToken(SECRET, 'consignment', (req.headers.authorization ?? '').replace(/^Bearer /, ''));
      received.push({ method: req.method!, url: req.url!, principal });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ count: 0, next: null, results: [] }));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    app = gateway();
  });
  afterAll(async () => {
    await new Promise((resolve) => backend.close(resolve));
    await database.close();
    await db.drop();
    redis?.disconnect();
    rmSync(assets, { recursive: true, force: true });
  });
  beforeEach(() => { received.length = 0; });

  async function signIn(username = 'alice', password = `${username}-password`, on = app) {
    const res = await request(on).post('/console/api/session').send({ username, password });
    const cookie = (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0]?.split(';')[0];
    return { res, cookie: cookie!, csrf: res.body.csrf_token as string };
  }

  it('signs a user in with an HttpOnly, SameSite=Strict cookie scoped to /console, and a CSRF token for the page', async () => {
    const { res, cookie, csrf } = await signIn();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ company: 'acme', user: 'alice', csrf_token: expect.stringMatching(/^[\w-]{32}$/) });
    const setCookie = res.headers['set-cookie'] as unknown as string[];
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0].split('; ').slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${SESSION_MAX_AGE_MS / 1000}`, 'Path=/console', 'SameSite=Strict']);
    expect(cookie).toMatch(new RegExp(`^${COOKIE_NAME}=[\\w-]{43}$`));
    // The database keeps only the cookie's digest.
    const rows = await database.db.selectFrom('console_sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(cookie.split('=')[1]);

    expect((await request(app).get('/console/api/session').set('cookie', cookie)).body).toEqual(res.body);
    const list = await request(app).get('/console/api/company/acme/consignments?limit=5').set('cookie', cookie);
    expect(list.status).toBe(200);
    expect(received).toEqual([{ method: 'GET', url: '/companies/acme/consignments?limit=5', principal: expect.objectContaining({ company: 'acme', principal: 'user:alice' }) }]);
    expect(csrf).not.toBe(cookie);
  });

  it('marks the cookie Secure when the console is reached over HTTPS through a proxy', async () => {
    const res = await request(app).post('/console/api/session').set('x-forwarded-proto', 'https').send({ username: 'alice', password: 'alice-password' });
    expect(res.status).toBe(201);
    expect((res.headers['set-cookie'] as unknown as string[])[0].split('; ')).toContain('Secure');
  });

  it('refuses a wrong password or an unknown user with 401 and a detail, no cookie and no browser prompt', async () => {
    for (const [username, password] of [['alice', 'wrong'], ['nobody', 'alice-password'], ['bob', 'alice-password']]) {
      const res = await request(app).post('/console/api/session').send({ username, password });
      expect([res.status, res.body]).toEqual([401, { detail: 'Wrong username or password.' }]);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    const missing = await request(app).post('/console/api/session').send({ username: 'alice' });
    expect([missing.status, missing.body.detail]).toEqual([400, 'password: This field is required.']);
  });

  it('refuses a state-changing call without the CSRF token, with a wrong one, or sent from another site', async () => {
    const { cookie, csrf } = await signIn();
    const post = () => request(app).post('/console/api/company/acme/consignments').set('cookie', cookie).send([]);
    const refusals = [
      await post(),
      await post().set('x-csrf-token', `${csrf.slice(0, -1)}x`),
      await post().set('x-csrf-token', csrf).set('origin', 'https://evil.example'),
      await post().set('x-csrf-token', csrf).set('origin', 'null'),
      await post().set('x-csrf-token', csrf).set('sec-fetch-site', 'cross-site'),
      await request(app).delete('/console/api/session').set('cookie', cookie),
    ];
    expect(refusals.map((r) => [r.status, typeof r.body.detail])).toEqual(Array(refusals.length).fill([403, 'string']));
    expect(received).toEqual([]);
    // Signing in from another site's page is refused too (login CSRF).
    const foreign = await request(app).post('/console/api/session').set('origin', 'https://evil.example').send({ username: 'alice', password: 'alice-password' });
    expect([foreign.status, foreign.headers['set-cookie']]).toEqual([403, undefined]);

    const ok = await post().set('x-csrf-token', csrf).set('origin', 'http://console.test').set('host', 'console.test').set('sec-fetch-site', 'same-origin');
    expect(ok.status).toBe(200);
    expect(received.map((r) => r.method)).toEqual(['POST']);
  });

  it("keeps one company's session out of another company's API, and off the public API", async () => {
    const { cookie, csrf } = await signIn();
    const reads = await request(app).get('/console/api/company/globex/consignments').set('cookie', cookie);
    const writes = await request(app).post('/console/api/company/globex/consignments').set('cookie', cookie).set('x-csrf-token', csrf).send([]);
    expect([reads.status, writes.status]).toEqual([403, 403]);
    expect(reads.body.detail).toEqual(expect.any(String));
    const publicApi = await request(app).get('/_api/v1/company/acme/consignments').set('cookie', cookie);
    expect(publicApi.status).toBe(401);
    expect(received).toEqual([]);
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const { cookie, csrf } = await signIn();
    const out = await request(app).delete('/console/api/session').set('cookie', cookie).set('x-csrf-token', csrf);
    expect(out.status).toBe(204);
    expect((out.headers['set-cookie'] as unknown as string[])[0]).toMatch(new RegExp(`^${COOKIE_NAME}=; Path=/console; .*Max-Age=0`));
    // A copy of the cookie kept by anyone opens nothing any more.
    for (const res of [
      await request(app).get('/console/api/session').set('cookie', cookie),
      await request(app).get('/console/api/company/acme/consignments').set('cookie', cookie),
    ]) expect([res.status, res.body.detail]).toEqual([401, 'Not signed in, or the session has expired.']);
    expect(received).toEqual([]);
  });

  it('ends a session after 30 idle minutes, and after 8 hours however busy', async () => {
    const start = now;
    try {
      const idle = await signIn();
      now += SESSION_IDLE_MS - MINUTE;
      expect((await request(app).get('/console/api/session').set('cookie', idle.cookie)).status).toBe(200);
      now += SESSION_IDLE_MS + 1;
      expect((await request(app).get('/console/api/session').set('cookie', idle.cookie)).status).toBe(401);

      const busy = await signIn();
      const born = now;
      while (now - born < SESSION_MAX_AGE_MS - 20 * MINUTE) {
        now += 20 * MINUTE;
        expect((await request(app).get('/console/api/session').set('cookie', busy.cookie)).status).toBe(200);
      }
      now = born + SESSION_MAX_AGE_MS + 1;
      const expired = await request(app).get('/console/api/company/acme/consignments').set('cookie', busy.cookie);
      expect([expired.status, expired.body.detail]).toEqual([401, 'Not signed in, or the session has expired.']);
      expect(received).toEqual([]);
    } finally {
      now = start;
    }
  });

  it('limits failed sign-ins per address, and then refuses even the right password until the window ends', async () => {
    // Mid-window, so the attempts never straddle a minute boundary.
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    jest.spyOn(Date, 'now').mockImplementation(() => minute + 30_000);
    try {
      const limiter = redis ? new RedisRateLimiter(redis, 6000, `test-${randomBytes(6).toString('hex')}`) : new MemoryRateLimiter(6000);
      const fresh = gateway(limiter);
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_FAILURES_PER_MINUTE; i++) statuses.push((await signIn('alice', 'wrong', fresh)).res.status);
      expect(statuses).toEqual([...Array(AUTH_FAILURES_PER_MINUTE).fill(401), 429]);
      const right = await signIn('alice', 'alice-password', fresh);
      expect([right.res.status, right.res.body.detail, right.res.headers['retry-after'], right.cookie]).toEqual([429, 'Too many failed authentication attempts.', '30', undefined]);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('locks the public API\'s Basic authentication the same way, even for a password verified moments before', async () => {
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    jest.spyOn(Date, 'now').mockImplementation(() => minute + 30_000);
    try {
      const limiter = redis ? new RedisRateLimiter(redis, 6000, `test-${randomBytes(6).toString('hex')}`) : new MemoryRateLimiter(6000);
      const fresh = gateway(limiter);
      const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const list = (authorization: string) => request(fresh).get('/_api/v1/company/acme/consignments').set('authorization', authorization);
      expect((await list(basic('alice', 'alice-password'))).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_FAILURES_PER_MINUTE; i++) statuses.push((await list(basic('alice', `guess-${i}`))).status);
      expect(statuses).toEqual([...Array(AUTH_FAILURES_PER_MINUTE).fill(401), 429]);
      // bob's right password from the locked-out address is refused like any guess...
      const guessed = await list(basic('bob', 'bob-password'));
      expect([guessed.status, guessed.body.detail, guessed.headers['retry-after']]).toEqual([429, 'Too many failed authentication attempts.', '30']);
      // ...and so is alice's, though verified (and cached) before the stuffing began: answering it would
      // tell a guesser that this guess was right.
      expect((await list(basic('alice', 'alice-password'))).status).toBe(429);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
