import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { InternalTokenSigner, verifyInternalToken } from '@waybill/internal-auth';
import { errorMiddleware } from '@waybill/http';
import { createLogger } from '@waybill/logger';
import { carrierPushRoutes } from './carrier-push.routes';
import { ingestRoutes } from './ingest.routes';
import { proxyTargets, type EdgeDeps } from './public.routes';

interface Seen { path: string; headers: http.IncomingHttpHeaders; body: string }

/** The carrier push paths at the edge, against a stand-in tracking-ingest that echoes what reached it. */
describe('carrier push routes at the gateway', () => {
  const seen: Seen[] = [];
  let ingest: http.Server;
  let edge: http.Server;
  let base: string;
  beforeAll(async () => {
    ingest = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":1}');
      });
    });
    await new Promise<void>((r) => ingest.listen(0, '127.0.0.1', r));
    const deps = { signer: new InternalTokenSigner('gw-secret'), targets: proxyTargets({ 'tracking-ingest': `http://127.0.0.1:${(ingest.address() as AddressInfo).port}` }) } as unknown as EdgeDeps;
    const app = express();
    app.use((_req, res, next) => { res.locals.requestId = 'r1'; next(); });
    app.use(carrierPushRoutes(deps));
    app.use(ingestRoutes(deps));
    app.use(errorMiddleware(createLogger('test', { level: 'silent' })));
    edge = app.listen(0, '127.0.0.1');
    await new Promise((r) => edge.once('listening', r));
    base = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => edge?.close(r));
    await new Promise((r) => ingest?.close(r));
  });

  it("forwards a Track Alert push's Bearer token and client id beside the internal token, body untouched", async () => {
    const body = '{"trackingNumber":"1Z999AA10123456784", "activityStatus":{"type":"D"}}';
    const res = await fetch(`${base}/ingest/v1/carriers/ups/tracking`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', authorization: 'Bearer abc.def', 'x-api-key': 'wbk_123' },
    });
    expect(res.status).toBe(202);
    const got = seen.at(-1)!;
    expect(got.path).toBe('/ingest/v1/carriers/ups/tracking');
    expect(got.body).toBe(body);
    expect([got.headers['x-forwarded-authorization'], got.headers['x-api-key']]).toEqual(['Bearer abc.def', 'wbk_123']);
    const internal = verifyInternalToken('gw-secret', 'tracking-ingest', String(got.headers.authorization).replace(/^Bearer /, ''));
    expect(internal).toMatchObject({ company: '*', principal: 'carrier:ups' });
  });

  it('leaves signed generic pushes to the ingest routes, which forward no carrier Authorization, for carriers with underscores too', async () => {
    const res = await fetch(`${base}/ingest/v1/carriers/dhl_express/tracking`, {
      method: 'POST', body: '{"trackings":[]}', headers: { 'content-type': 'application/json', 'x-waybill-signature': 't=1,v1=00' },
    });
    expect(res.status).toBe(202);
    const got = seen.at(-1)!;
    expect(got.path).toBe('/ingest/v1/carriers/dhl_express/tracking');
    expect(got.headers['x-waybill-signature']).toBe('t=1,v1=00');
    expect(got.headers['x-forwarded-authorization']).toBeUndefined();
  });
});
