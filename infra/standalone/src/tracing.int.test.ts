import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createLogger } from '@waybill/logger';
import { seedDemo, type DemoCredentials } from '@waybill/admin';
import { startConsignmentService } from '@waybill/consignment';
import { startGateway } from '@waybill/gateway';
import type { RunningService, ServiceRuntime } from '@waybill/http';
import { InProcessEventBus, RabbitEventBus, type EventBus, type Subscription } from '@waybill/messaging';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';
import { captureSpans, SpanKind } from '@waybill/telemetry';
import { createTestDatabase, eventually, type TestDatabase } from '@waybill/testing';

/**
 * One request through the gateway is one trace: the gateway's server and proxy spans, the consignment
 * service's server span, the outbox's producer span and a consumer of the event.
 * Runs on the real broker and Redis when their URLs are set (the trace then crosses AMQP and BullMQ).
 */
const CREDS: DemoCredentials = {
  company: 'trace-co', apiToken: 'trace-token-0123456789abcdef', user: 'trace', password: 'trace-password',
  deliveryOptionsKey: 'trace-do-key-0123456789', carrierSecret: 'trace-carrier-secret',
};
const suffix = randomBytes(4).toString('hex');
const logger = createLogger('tracing-test', { level: 'silent' });
const capture = captureSpans();
let database: TestDatabase;
let bus: EventBus;
let jobs: JobDriver;
let services: RunningService[] = [];
let subscription: Subscription;
let gatewayUrl = '';
let consignmentUrl = '';
const jobTraces: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.target, CREDS);
  bus = process.env.AMQP_URL
    ? await RabbitEventBus.connect({ url: process.env.AMQP_URL, logger, exchange: `tracing-test-${suffix}`, queuePrefix: `tracing-test-${suffix}.` })
    : new InProcessEventBus({ logger });
  jobs = process.env.REDIS_URL ? new BullJobDriver({ redisUrl: process.env.REDIS_URL, prefix: `tracing-${suffix}`, logger }) : new InlineJobDriver({ logger });
  const rt: ServiceRuntime = {
    db: database.target, bus, jobs, logger, internalJwtSecret: 'tracing-test-internal-secret-0123456789', peers: {},
    defaultPublicUrl: 'http://localhost', port: 0, host: '127.0.0.1',
  };
  const consignment = await startConsignmentService(rt);
  consignmentUrl = `http://127.0.0.1:${consignment.port}`;
  const gateway = await startGateway(rt, { services: { consignment: consignmentUrl }, rateLimitPerMinute: 6000 });
  gatewayUrl = `http://127.0.0.1:${gateway.port}`;
  services = [gateway, consignment];
  await jobs.work<{ event: string }>('tracing-test', async (job) => {
    jobTraces.push(job.data.event);
  });
  subscription = await bus.subscribe({
    queue: process.env.AMQP_URL ? 'consignment-events' : `tracing-test-${suffix}.consignment-events`, bindings: ['consignment.consignment.*'],
    handler: (event) => jobs.enqueue('tracing-test', 'follow-up', { event: event.id }),
  });
}, 180_000);

afterAll(async () => {
  capture.stop();
  await subscription?.cancel();
  for (const s of services) await s.stop();
  await jobs?.close();
  await bus?.close();
  await database?.drop();
});

const traceId = randomBytes(16).toString('hex');

test('a consignment created through the gateway is one trace from the edge to the consumer of its event', async () => {
  const res = await fetch(`${gatewayUrl}/_api/v1/company/${CREDS.company}/consignments`, {
    method: 'POST',
    headers: { authorization: `token ${CREDS.apiToken}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    body: JSON.stringify([{
      order_number: `ORD-${suffix}`,
      recipient: { name: 'Ada Lovelace', email_address: 'ada@example.com', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
      packages: [{ description: 'Books', weight: 1.2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Book', quantity: 2, value: 12.5 }] }],
    }]),
  });
  expect(`${res.status} ${await res.text()}`).toMatch(/^200 /);
  const ofTrace = () => capture.spans().filter((s) => s.spanContext().traceId === traceId);
  await eventually(() => {
    const names = ofTrace().map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['proxy consignment', 'consume consignment.consignment.created']));
    // A publish span ends at the broker's confirm, which can come after the consumer has finished.
    expect(ofTrace().some((s) => s.kind === SpanKind.PRODUCER && s.name.startsWith('publish consignment.consignment.'))).toBe(true);
    return true;
  }, { timeoutMs: 45_000 });
  const spans = ofTrace();
  const server = spans.filter((s) => s.kind === SpanKind.SERVER).map((s) => s.attributes['waybill.service']);
  expect(server).toEqual(expect.arrayContaining(['gateway', 'consignment']));
  expect(spans.some((s) => s.kind === SpanKind.PRODUCER && s.name.startsWith('publish consignment.consignment.'))).toBe(true);
  expect(spans.some((s) => s.kind === SpanKind.CONSUMER && [`tracing-test-${suffix}.consignment-events`, 'consignment-events'].includes(String(s.attributes['messaging.destination.name'])))).toBe(true);
  // Parent links hold the trace together: every span but the client's root has its parent in the trace.
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const orphans = spans.filter((s) => s.parentSpanContext && !ids.has(s.parentSpanContext.spanId));
  expect(orphans.map((s) => s.name)).toEqual([expect.stringMatching(/^POST /)]);
});

test('every service answers /metrics with request, outbox and queue series', async () => {
  const gateway = await (await fetch(`${gatewayUrl}/metrics`)).text();
  expect(gateway).toMatch(/waybill_http_requests_total\{service="gateway",family="consignments",method="POST",status="200"\} [1-9]/);
  expect(gateway).toContain('waybill_http_request_duration_seconds_bucket{');
  const consignment = await (await fetch(`${consignmentUrl}/metrics`)).text();
  expect(consignment).toMatch(/waybill_http_requests_total\{service="consignment",family="consignments",method="POST",status="200"\} [1-9]/);
  expect(consignment).toMatch(/waybill_outbox_pending_events\{service="consignment"\} \d+/);
  expect(consignment).toMatch(/waybill_outbox_oldest_pending_age_seconds\{service="consignment"\} [\d.]+/);
  if (process.env.AMQP_URL) expect(consignment).toMatch(new RegExp(`waybill_rabbitmq_queue_messages\\{queue="tracing-test-${suffix}.consignment-events.dlq"\\} 0`));
  if (process.env.REDIS_URL) expect(consignment).toMatch(/waybill_job_queue_jobs\{queue="tracing-test",state="waiting"\} \d+/);
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('readiness fails while a dependency is down, and says which', async () => {
  const rt: ServiceRuntime = {
    db: database.target, bus, jobs, logger, internalJwtSecret: 'tracing-test-internal-secret-0123456789', peers: {},
    defaultPublicUrl: 'http://localhost', port: 0, host: '127.0.0.1',
  };
  const gateway = await startGateway(rt, { services: { consignment: `http://127.0.0.1:${await closedPort()}` }, rateLimitPerMinute: 6000 });
  try {
    const res = await fetch(`http://127.0.0.1:${gateway.port}/readyz`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { checks: unknown }).checks).toEqual({ database: 'ok', 'service:consignment': expect.stringMatching(/^failing: /) });
  } finally {
    await gateway.stop();
  }
  expect((await fetch(`${consignmentUrl}/readyz`)).status).toBe(200);
  await subscription.cancel();
  await bus.close();
  const res = await fetch(`${consignmentUrl}/readyz`);
  expect(res.status).toBe(503);
  expect(((await res.json()) as { checks: unknown }).checks).toEqual({ database: 'ok', broker: 'failing: event bus disconnected' });
});
