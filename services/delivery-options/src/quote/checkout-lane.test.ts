import type { RequestListener } from 'node:http';
import { rawAnswer, type RawAnswer } from '@waybill/testing';
import { gzipSync } from 'node:zlib';
import type { DeliveryRule } from '@waybill/contracts';
import { closeServer, HttpError, listen } from '@waybill/http';
import { signInternalToken } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { captureSpans, metricsRegistry } from '@waybill/telemetry';
import { AUDIENCE, buildApp, buildHandler, type AppOptions } from '../app';
import { CompiledRulesCache } from '../cache/compiled-rules.cache';
import { buildCatalog, type CatalogSource } from '../directory/catalog';
import { compileRuleSet } from '../engine/compile';
import { HolidayCalendar } from '../engine/holidays';
import { checkoutLane } from './checkout-lane';

const SECRET = 'lane-secret';
const catalog = buildCatalog('acme', {
  services: [{ carrier_id: 'generic', identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT' }],
  warehouses: [{ identifier: 'acme|London', name: 'London', is_default: true, timezone: 'Europe/London', address: { country: 'GB' } }],
});
const rules: DeliveryRule[] = [{
  id: 'r1', name: 'next day', enabled: true, service_id: 'Generic Carrier|Generic Next Day GNXT', delivery_type: 'next_day',
  conditions: { countries: ['GB'] }, price: { amount: '4.50' }, schedule: { cutoff: '16:00', transit_days: 1, working_days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  created_at: '', updated_at: '',
}];
let catalogFailure: Error | null = null;
const catalogs: CatalogSource = { get: async () => { if (catalogFailure) throw catalogFailure; return catalog; } };
const options: AppOptions = {
  quote: { catalogs, rules: new CompiledRulesCache(async () => compileRuleSet(rules, { currency: 'GBP', allocationPreference: 'cheapest' })), holidays: new HolidayCalendar(), now: () => new Date('2026-03-10T09:00:00Z') },
  rules: {} as AppOptions['rules'],
  logger: createLogger('delivery-options', { level: 'silent' }).child({ service: 'delivery-options' }),
  internalJwtSecret: SECRET,
  readiness: {},
};
const token = (company = 'acme') => `Bearer ${signInternalToken(SECRET, AUDIENCE, { company, principal: 'key:k1' })}`;
const CHECKOUT = { recipient: { address: { country: 'GB', postcode: 'SW1A 2AA' } }, shipping_date: '2026-03-10', order_value: 20 };

interface Sent { method?: string; path?: string; headers?: Record<string, string | undefined>; body?: string | Buffer }
type Answer = RawAnswer;

function send(port: number, o: Sent): Promise<Answer> {
  const body = o.body === undefined ? undefined : Buffer.from(o.body);
  const headers: Record<string, string | undefined> = { authorization: token(), 'content-type': 'application/json', 'x-request-id': 'req-1', ...(body ? { 'content-length': String(body.length) } : {}), ...o.headers };
  for (const [k, v] of Object.entries(headers)) if (v === undefined) delete headers[k];
  return rawAnswer(port, { method: o.method ?? 'POST', path: o.path ?? '/companies/acme/delivery-options', headers: headers as Record<string, string>, body });
}

describe('the checkout lane', () => {
  let lanePort: number;
  let expressPort: number;
  let handedOver = 0;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const express = buildApp(options);
    const counted: RequestListener = (req, res) => { handedOver++; express(req, res); };
    const lane = await listen(checkoutLane({ quote: options.quote, logger: options.logger, internalJwtSecret: SECRET, audience: AUDIENCE, service: 'delivery-options' }, counted), 0, '127.0.0.1');
    const plain = await listen(buildApp(options), 0, '127.0.0.1');
    lanePort = lane.port;
    expressPort = plain.port;
    stops.push(() => closeServer(lane.server), () => closeServer(plain.server));
  });
  afterAll(async () => { for (const stop of stops) await stop(); });
  afterEach(() => { catalogFailure = null; });

  /** The lane's answer equals express's, byte for byte but the date; `laned` says whether the lane answered it itself. */
  async function same(o: Sent, laned: boolean): Promise<Answer> {
    const before = handedOver;
    const viaLane = await send(lanePort, o);
    const viaExpress = await send(expressPort, o);
    expect(viaLane).toEqual(viaExpress);
    expect(handedOver - before).toBe(laned ? 0 : 1);
    return viaLane;
  }

  it('answers a checkout itself, exactly as express does', async () => {
    const a = await same({ body: JSON.stringify(CHECKOUT) }, true);
    expect(a.status).toBe(200);
    expect(a.headers.map(([k]) => k)).toEqual(['x-request-id', 'Content-Type', 'Content-Length', 'Connection', 'Keep-Alive']);
    expect(JSON.parse(a.body).delivery_options[0]).toMatchObject({ service_id: 'Generic Carrier|Generic Next Day GNXT', estimated_delivery_date: '2026-03-11', price: { amount: '4.50', currency: 'GBP' } });
    await same({ path: '/companies/other/delivery-options', body: JSON.stringify(CHECKOUT), headers: { authorization: token('other') } }, true);
    await same({ path: '/companies/acme/delivery-options/', body: JSON.stringify(CHECKOUT), headers: { 'content-type': 'application/json; charset=utf-8' } }, true);
    await same({ body: `\ufeff${JSON.stringify({ ...CHECKOUT, recipient: { address: { country: 'GB', city: 'Zürich ✓' } } })}` }, true);
  });

  it('answers the errors of a read body with the same error middleware', async () => {
    expect((await same({ body: '{"recipient": ' }, true)).status).toBe(400);
    expect((await same({ body: '  ' }, true)).status).toBe(400);
    expect((await same({ body: JSON.stringify({ recipient: { address: { country: '' } }, packages: [{ weight: -1 }] }) }, true)).status).toBe(400);
    expect((await same({ body: JSON.stringify({ ...CHECKOUT, warehouse_id: 'nowhere' }) }, true)).status).toBe(400);
    expect((await same({ body: JSON.stringify({ ...CHECKOUT, shipping_date: '2031-01-01' }) }, true)).status).toBe(400);
    expect((await same({ body: '['.repeat(100) + ']'.repeat(100) }, true)).status).toBe(400);
    expect((await same({ body: '{"__proto__": {"x": 1}, "recipient": {"address": {"country": "GB"}}}' }, true)).status).toBe(400);
    catalogFailure = new HttpError(503, 'The consignment service could not list the company\'s carriers and warehouses; try again shortly.', {}, { 'Retry-After': '5' });
    const unavailable = await same({ body: JSON.stringify(CHECKOUT) }, true);
    expect([unavailable.status, unavailable.headers[1]]).toEqual([503, ['Retry-After', '5']]);
    catalogFailure = new Error('boom');
    expect((await same({ body: JSON.stringify(CHECKOUT) }, true)).status).toBe(500);
  });

  it('gives a fresh request id when the caller sent none or an unusable one', async () => {
    for (const id of [undefined, 'not ok!']) {
      const a = await send(lanePort, { body: JSON.stringify(CHECKOUT), headers: { 'x-request-id': id } });
      expect(a.headers[0][1]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('hands every unusual request to express untouched', async () => {
    const body = JSON.stringify(CHECKOUT);
    expect((await same({ body, headers: { authorization: 'Bearer nonsense' } }, false)).status).toBe(401);
    expect((await same({ body, headers: { authorization: token('other') } }, false)).status).toBe(403);
    expect((await same({ method: 'GET' }, false)).status).toBe(405);
    expect((await same({ body, headers: { 'content-type': 'text/plain' } }, false)).status).toBe(415);
    // JSON in another charset, or labelled text/json, is JSON (docs/api/consignments.md): express decodes it.
    expect((await same({ body, headers: { 'content-type': 'application/json; charset=latin1' } }, false)).status).toBe(200);
    expect((await same({ body, headers: { 'content-type': 'text/json' } }, false)).status).toBe(200);
    expect((await same({ body: gzipSync(body), headers: { 'content-encoding': 'gzip' } }, false)).status).toBe(200);
    expect((await same({ body: '', headers: { 'content-length': '0' } }, false)).status).toBe(400);
    expect((await same({ body, path: '/companies/acme/delivery-options?x=1' }, false)).status).toBe(200);
    expect((await same({ body, path: '/companies/acme/Delivery-Options' }, false)).status).toBe(200);
  });

  it('counts and traces its requests as express does', async () => {
    const count = async () => (await metricsRegistry.getSingleMetric('waybill_http_requests_total')!.get()).values
      .find((v) => v.labels.service === 'delivery-options' && v.labels.family === 'delivery-options' && v.labels.method === 'POST' && v.labels.status === '200')?.value ?? 0;
    const capture = captureSpans();
    try {
      const before = await count();
      await send(lanePort, { body: JSON.stringify(CHECKOUT), headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
      await send(expressPort, { body: JSON.stringify(CHECKOUT), headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
      expect(await count()).toBe(before + 2);
      const [lane, viaExpress] = capture.spans().filter((s) => s.name === 'POST delivery-options');
      expect(lane.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect([lane.kind, lane.attributes, lane.parentSpanContext?.spanId]).toEqual([viaExpress.kind, viaExpress.attributes, viaExpress.parentSpanContext?.spanId]);
    } finally {
      capture.stop();
    }
  });
});

/** The operator's switch, read where the service builds what it listens with. */
describe('the service with HOT_LANES', () => {
  const saved = process.env.HOT_LANES;
  afterEach(() => {
    if (saved === undefined) delete process.env.HOT_LANES;
    else process.env.HOT_LANES = saved;
  });

  it('off: answers a checkout through express alone', async () => {
    process.env.HOT_LANES = 'off';
    const handler = buildHandler(options);
    // express's entry point, absent from its typings; only an express app has it (the spy would throw on the lane).
    const expressCalls = jest.spyOn(handler as unknown as { handle(...args: unknown[]): void }, 'handle');
    const served = await listen(handler, 0, '127.0.0.1');
    try {
      const a = await send(served.port, { body: JSON.stringify(CHECKOUT) });
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body).delivery_options[0]).toMatchObject({ service_id: 'Generic Carrier|Generic Next Day GNXT', estimated_delivery_date: '2026-03-11', price: { amount: '4.50', currency: 'GBP' } });
      expect(expressCalls).toHaveBeenCalledTimes(1);
    } finally {
      await closeServer(served.server);
    }
  });

  it('unset or on: the lane in front; anything else: refused at start', () => {
    delete process.env.HOT_LANES;
    expect(buildHandler(options)).not.toHaveProperty('handle');
    process.env.HOT_LANES = 'on';
    expect(buildHandler(options)).not.toHaveProperty('handle');
    process.env.HOT_LANES = 'maybe';
    expect(() => buildHandler(options)).toThrow('HOT_LANES must be "on" or "off", got "maybe"');
  });
});
