import { Router } from 'express';
import request from 'supertest';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { NotFoundError } from './errors';
import { buildServiceApp, serveService } from './service-app';
import type { ServiceRuntime } from './runtime';

const logger = createLogger('service-app-test');
const signer = new InternalTokenSigner('skeleton-secret');

function parcels(): Router {
  const r = Router({ mergeParams: true });
  r.get('/parcels/:id', (req, res) => {
    if (req.params.id === 'missing') throw new NotFoundError();
    res.json({ company: (req.params as Record<string, string>).company, id: req.params.id });
  });
  return r;
}

describe('buildServiceApp: the skeleton every service states its own routes in', () => {
  const app = buildServiceApp({
    logger, readiness: { database: () => undefined },
    companies: { audience: 'parcels', internalJwtSecret: 'skeleton-secret', routers: [parcels()] },
    mount: (a) => a.get('/public/ping', (_req, res) => { res.json({ pong: true }); }),
  });
  const token = (company: string, audience = 'parcels') => `Bearer ${signer.sign(audience, { company, principal: 'service:gateway' })}`;

  test('health, readiness and metrics come with it', async () => {
    expect((await request(app).get('/healthz')).body.status).toBe('ok');
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect((await request(app).get('/metrics')).text).toContain('waybill_http_requests_total');
  });

  test('company routes need an internal token for this audience and this company', async () => {
    expect((await request(app).get('/companies/acme/parcels/1')).status).toBe(401);
    expect((await request(app).get('/companies/acme/parcels/1').set('authorization', token('acme', 'other'))).status).toBe(401);
    expect((await request(app).get('/companies/acme/parcels/1').set('authorization', token('globex'))).status).toBe(403);
    const ok = await request(app).get('/companies/acme/parcels/1').set('authorization', token('acme'));
    expect([ok.status, ok.body]).toEqual([200, { company: 'acme', id: '1' }]);
  });

  test('its own routes outside the prefix, domain errors and unknown paths answer with detail', async () => {
    expect((await request(app).get('/public/ping')).body).toEqual({ pong: true });
    const missing = await request(app).get('/companies/acme/parcels/missing').set('authorization', token('acme'));
    expect([missing.status, typeof missing.body.detail]).toEqual([404, 'string']);
    expect(await request(app).get('/nowhere').then((r) => [r.status, r.body])).toEqual([404, { detail: 'Not found.' }]);
  });
});

describe('serveService: listening, and the stop order', () => {
  test('stop drains HTTP after onDrain, then runs the steps in order', async () => {
    const steps: string[] = [];
    const app = buildServiceApp({ logger, readiness: {} });
    const rt = { port: 0, host: '127.0.0.1' } as ServiceRuntime;
    const svc = await serveService({
      name: 'parcels', rt, logger, handler: app, onDrain: () => steps.push('drain'),
      stopping: [async () => steps.push('consumers'), async () => steps.push('relay'), async () => steps.push('pools')],
    });
    expect((await fetch(`http://127.0.0.1:${svc.port}/healthz`)).status).toBe(200);
    await svc.stop();
    expect(steps).toEqual(['drain', 'consumers', 'relay', 'pools']);
    await expect(fetch(`http://127.0.0.1:${svc.port}/healthz`)).rejects.toThrow();
  });
});
