import express from 'express';
import type { Server } from 'node:http';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import { InProcessEventBus, RabbitEventBus, type EventBus } from '@waybill/messaging';
import { InlineJobDriver } from '@waybill/jobs';
import type { RunningService, ServiceRuntime } from '@waybill/http';
import { createTestDatabase, eventually, type TestDatabase } from '@waybill/testing';
import { startDeliveryOptionsService } from '../service';

const SECRET = 'test-secret';
const logger = createLogger('test');
const token = (principal = 'token:t1') => `Bearer ${signInternalToken(SECRET, 'delivery-options', { company: 'acme', principal })}`;

/** Stands in for the consignment service's lookups, which the delivery-options service reads over HTTP. */
function fakeConsignment(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get('/companies/acme/carrierservices', (_req, res) => {
    res.json([{ carrier_id: 'generic', identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT' }]);
  });
  app.get('/companies/acme/warehouses', (_req, res) => {
    res.json([{ identifier: 'acme|London', name: 'London', is_default: true, timezone: 'Europe/London', address: { country: 'GB' } }]);
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

describe('compiled rules are dropped on every replica when rules change', () => {
  let tdb: TestDatabase;
  let consignment: { url: string; server: Server };
  const buses: EventBus[] = [];
  const replicas: RunningService[] = [];

  async function replica(shared?: EventBus): Promise<string> {
    const bus = shared ?? (process.env.AMQP_URL ? await RabbitEventBus.connect({ url: process.env.AMQP_URL, logger }) : new InProcessEventBus({ logger }));
    buses.push(bus);
    const rt: ServiceRuntime = {
      db: tdb.target, bus, jobs: new InlineJobDriver({ logger }), logger, internalJwtSecret: SECRET, peers: { consignment: consignment.url },
      defaultPublicUrl: 'http://localhost', port: 0, host: '127.0.0.1',
    };
    const svc = await startDeliveryOptionsService(rt);
    replicas.push(svc);
    return `http://127.0.0.1:${svc.port}/companies/acme`;
  }

  beforeAll(async () => {
    tdb = await createTestDatabase();
    consignment = await fakeConsignment();
  });
  afterAll(async () => {
    for (const r of replicas) await r.stop();
    for (const b of new Set(buses)) await b.close();
    consignment.server.close();
    await tdb.drop();
  });

  const call = async (url: string, method: string, body?: unknown) => {
    const res = await fetch(url, { method, headers: { authorization: token(), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (res.status === 204 ? undefined : await res.json()) as any };
  };
  const prices = async (base: string) => (await call(`${base}/delivery-options`, 'POST', { recipient: { address: { country: 'GB' } } })).body.delivery_options.map((o: any) => o.price.amount);

  it('shows a change made through one replica on the other without a restart', async () => {
    const a = await replica();
    const b = await replica(process.env.AMQP_URL ? undefined : buses[0]);
    expect(await prices(b)).toEqual([]); // b now holds the company's compiled (empty) rules
    const created = await call(`${a}/delivery-rules`, 'POST', { name: 'Next day', service_id: 'Generic Carrier|Generic Next Day GNXT', delivery_type: 'next_day', price: { amount: '4.50' } });
    expect(created.status).toBe(201);
    await eventually(async () => JSON.stringify(await prices(b)) === '["4.50"]', { what: 'the new rule on the other replica' });
    await call(`${a}/delivery-rules/${created.body.id}`, 'PUT', { ...created.body, price: { amount: '3.75' } });
    await eventually(async () => JSON.stringify(await prices(b)) === '["3.75"]', { what: 'the changed price on the other replica' });
    await call(`${a}/delivery-settings`, 'PUT', { currency: 'EUR' });
    await eventually(async () => (await call(`${b}/delivery-options`, 'POST', { recipient: { address: { country: 'GB' } } })).body.delivery_options[0]?.price.currency === 'EUR', { what: 'the new currency' });
    await call(`${a}/delivery-rules/${created.body.id}`, 'DELETE');
    await eventually(async () => (await prices(b)).length === 0, { what: 'the deleted rule gone from the other replica' });
  });

  it('serves allocation candidates only to other services', async () => {
    const base = `http://127.0.0.1:${replicas[0].port}/companies/acme/allocation-candidates`;
    const res = await fetch(base, { method: 'POST', headers: { authorization: token(), 'content-type': 'application/json' }, body: JSON.stringify({ recipient: { address: { country: 'GB' } } }) });
    expect(res.status).toBe(404);
    const ok = await fetch(base, { method: 'POST', headers: { authorization: token('service:consignment'), 'content-type': 'application/json' }, body: JSON.stringify({ recipient: { address: { country: 'GB' } } }) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ preference: 'cheapest', candidates: [] });
  });
});
