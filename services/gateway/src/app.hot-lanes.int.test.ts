import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { closeServer, listen } from '@waybill/http';
import { verifyInternalToken } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { buildGateway } from './app';
import type { GatewayDb } from './credentials/credentials.table';
import { addSecret, createCompany } from './credentials/credentials.repository';
import { migrations } from './migrations';
import { MemoryRateLimiter } from './ratelimit/rate-limiter';

const SECRET = 'hot-lanes-test-secret';

/**
 * HOT_LANES=off at the edge: the calls the fast lane takes (create, read one, checkout) are answered by
 * express alone, and reach the services as they always do. A spy on express's entry shows who answered.
 */
describe('the gateway with HOT_LANES', () => {
  const saved = process.env.HOT_LANES;
  let db: TestDatabase;
  let database: Database<GatewayDb>;
  let backend: Server;
  let services: Record<string, string>;
  /** What the stand-in services received: method, path and the company their internal token names. */
  const received: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    database = openDatabase<GatewayDb>(db.target, 'gateway');
    await migrateToLatest(database.db, 'gateway', migrations);
    await createCompany(database.db, 'acme', 'Acme');
    await addSecret(database.db, 'api_tokens', 'acme', 'integration', 'acme-api-token');
    await addSecret(database.db, 'delivery_keys', 'acme', 'checkout', 'acme-checkout-key');
    // One stand-in for consignment and delivery-options: it answers with what it was asked.
    backend = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const audience = req.url!.includes('/delivery-options') ? 'delivery-options' : 'consignment';
        const { company } = verifyInternalToken(SECRET, audience, (req.headers.authorization ?? '').replace(/^Bearer /, ''));
        received.push(`${req.method} ${req.url} ${company}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ path: req.url, body: chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null }));
      });
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    services = { consignment: url, 'delivery-options': url };
  });
  afterAll(async () => {
    await new Promise((resolve) => backend.close(resolve));
    await database.close();
    await db.drop();
  });
  beforeEach(() => { received.length = 0; });
  afterEach(() => {
    if (saved === undefined) delete process.env.HOT_LANES;
    else process.env.HOT_LANES = saved;
  });

  /** The gateway as its server runs it, and how many requests reached its express app. */
  async function gateway(): Promise<{ base: string; expressCalls: jest.SpyInstance; stop: () => Promise<void> }> {
    const { app, handler } = buildGateway({
      db: database.db, logger: createLogger('test', { level: 'silent' }), limiter: new MemoryRateLimiter(6000),
      internalJwtSecret: SECRET, services, readiness: {},
    });
    // express's entry point (every request it serves goes through it), absent from its typings.
    const expressCalls = jest.spyOn(app as unknown as { handle(...args: unknown[]): void }, 'handle');
    const served = await listen(handler, 0, '127.0.0.1');
    return { base: `http://127.0.0.1:${served.port}`, expressCalls, stop: () => closeServer(served.server) };
  }

  /** The three calls of the lane, as an integration and a checkout send them. */
  async function laneCalls(base: string): Promise<Array<[number, unknown]>> {
    const token = { authorization: 'token acme-api-token', 'content-type': 'application/json' };
    const answers = [
      await fetch(`${base}/_api/v1/company/acme/consignments`, { method: 'POST', headers: token, body: '[{"order_number":"A-1"}]' }),
      await fetch(`${base}/_api/v1/company/acme/consignment/c-1`, { headers: { authorization: token.authorization } }),
      await fetch(`${base}/api/2.0.0/company/acme/delivery_options/`, {
        method: 'POST', headers: { authorization: 'Api-Key acme-checkout-key', 'content-type': 'application/json' }, body: '{"recipient":{"address":{"country":"GB"}}}',
      }),
    ];
    return Promise.all(answers.map(async (a) => [a.status, await a.json()] as [number, unknown]));
  }

  const expected: Array<[number, unknown]> = [
    [200, { path: '/companies/acme/consignments', body: [{ order_number: 'A-1' }] }],
    [200, { path: '/companies/acme/consignment/c-1', body: null }],
    [200, { path: '/companies/acme/delivery-options', body: { recipient: { address: { country: 'GB' } } } }],
  ];

  it('off: express alone answers the lane\'s calls, and the services get them as always', async () => {
    process.env.HOT_LANES = 'off';
    const g = await gateway();
    try {
      expect(await laneCalls(g.base)).toEqual(expected);
      expect(received).toEqual(['POST /companies/acme/consignments acme', 'GET /companies/acme/consignment/c-1 acme', 'POST /companies/acme/delivery-options acme']);
      expect(g.expressCalls).toHaveBeenCalledTimes(3);
    } finally {
      await g.stop();
    }
  });

  it('unset: the fast lane answers the same calls without express', async () => {
    delete process.env.HOT_LANES;
    const g = await gateway();
    try {
      expect(await laneCalls(g.base)).toEqual(expected);
      expect(g.expressCalls).not.toHaveBeenCalled();
    } finally {
      await g.stop();
    }
  });

  it.each([['off'], [undefined]])('HOT_LANES=%s: GET /version names the release, and every answer carries it in Waybill-Version', async (lanes) => {
    if (lanes === undefined) delete process.env.HOT_LANES;
    else process.env.HOT_LANES = lanes;
    const release = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version as string;
    expect(release).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    const g = await gateway();
    try {
      const version = await fetch(`${g.base}/version`);
      expect(version.status).toBe(200);
      expect(await version.json()).toEqual({ version: release, commit: expect.any(String) });
      const answers = [
        version,
        await fetch(`${g.base}/_api/v1/company/acme/consignment/c-1`, { headers: { authorization: 'token acme-api-token' } }),
        await fetch(`${g.base}/_api/v1/company/acme/consignment/c-1`),
        await fetch(`${g.base}/no-such-path`),
        await fetch(`${g.base}/healthz`),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 200]);
      expect(answers.map((a) => a.headers.get('waybill-version'))).toEqual(answers.map(() => release));
    } finally {
      await g.stop();
    }
  });
});
