import { randomUUID } from 'node:crypto';
import { Harness, realServers } from '@waybill/webhook-dispatcher/src/test-support/harness';
import { createEndpoint } from '@waybill/webhook-dispatcher/src/test-support/scenario';
import { trackingUpdated } from '@waybill/webhook-dispatcher/src/test-support/fixtures';
import { trackingUpdateBody } from '@waybill/webhook-dispatcher/src/messages/webhook-bodies';
import { newSigningSecret } from '@waybill/webhook-dispatcher/src/security/signing';
import { bareForward } from './lib/bare-forwarder';
import type { Benchmark, BenchRow } from './lib/types';
import { percentile, verifyingReceiver, type VerifyingReceiver } from './lib/webhook-receiver';

const EVENTS = 250;
const ENDPOINTS = 4;
const PER_ENDPOINT = 8;
const DEADLINE_MS = 120_000;

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

interface Figures { perSecond: number; p50: number; p99: number }

/** Deliveries per second (first publish to last verified) and publish → verified latency. */
function figures(published: Map<string, number>, receivers: VerifyingReceiver[]): Figures {
  const latencies: number[] = [];
  let last = 0;
  for (const r of receivers) {
    for (const [id, at] of r.verifiedAt) {
      latencies.push(at - published.get(id)!);
      last = Math.max(last, at);
    }
  }
  const first = Math.min(...published.values());
  return { perSecond: latencies.length / ((last - first) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function waitFor(receivers: VerifyingReceiver[], expected: number): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (receivers.reduce((n, r) => n + r.verifiedAt.size, 0) < expected) {
    if (Date.now() > deadline) throw new Error('webhooks did not all arrive in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function measureDispatcher(): Promise<Figures> {
  const h = await Harness.start({ env: { WEBHOOK_TIMEOUT: '15s', WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT), WEBHOOK_SWEEP_INTERVAL: '15s', WEBHOOK_SWEEP_GRACE: '30s' } });
  const receivers: VerifyingReceiver[] = [];
  try {
    const company = `bench-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < ENDPOINTS; i++) {
      let secret = '';
      const rx = await verifyingReceiver(() => secret);
      secret = (await createEndpoint(h, company, { url: rx.url })).secret;
      receivers.push(rx);
    }
    // Warm-up: connections, prepared paths, JIT.
    await h.publish('tracking.tracking.updated', company, trackingUpdated(1));
    await waitFor(receivers, ENDPOINTS);
    for (const r of receivers) r.verifiedAt.clear();
    const published = new Map<string, number>();
    // In batches with confirms pipelined, as the outbox relay of tracking-ingest publishes.
    for (let i = 0; i < EVENTS; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, EVENTS - i) }, () => {
        const id = randomUUID();
        published.set(id, performance.now());
        return h.publish('tracking.tracking.updated', company, trackingUpdated(1), id);
      }));
    }
    await waitFor(receivers, EVENTS * ENDPOINTS);
    if (receivers.some((r) => r.failures > 0)) throw new Error('a signature did not verify');
    return figures(published, receivers);
  } finally {
    await h.close();
    await Promise.all(receivers.map((r) => r.close()));
  }
}

async function measureBaseline(): Promise<Figures> {
  const targets: Array<{ url: string; secret: string }> = [];
  const receivers: VerifyingReceiver[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const secret = newSigningSecret();
    const rx = await verifyingReceiver(() => secret);
    receivers.push(rx);
    targets.push({ url: rx.url, secret });
  }
  try {
    const events = Array.from({ length: EVENTS }, () => {
      const id = randomUUID();
      return { id, body: JSON.stringify(trackingUpdateBody(id, trackingUpdated(1))) };
    });
    const published = new Map<string, number>();
    await bareForward(targets, events, PER_ENDPOINT, (id) => published.set(id, performance.now()));
    await waitFor(receivers, EVENTS * ENDPOINTS);
    return figures(published, receivers);
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/**
 * Tracking events published on the bus until their webhooks are received and verified (Standard
 * Webhooks reference library) at local receivers, next to a bare in-memory forwarder that signs and
 * POSTs the same bodies with the same concurrency. Bounded: 250 events to 4 endpoints on 127.0.0.1.
 */
export const bench: Benchmark = {
  title: `Webhooks, event published → webhook verified (${EVENTS} events × ${ENDPOINTS} endpoints, ${realServers ? 'Postgres/RabbitMQ/BullMQ' : 'PGlite/in-process/inline'}) vs bare forwarder`,
  async run(): Promise<BenchRow[]> {
    log('baseline: bare signing forwarder');
    const base = await measureBaseline();
    log('webhook dispatcher');
    const ours = await measureDispatcher();
    const name = 'webhook delivery (publish → verified)';
    const baseline = (value: number) => ({ name: 'bare forwarder', value });
    return [
      // Each delivery here costs three transactions and two queue operations that the forwarder skips.
      { name, metric: 'deliveries/s', value: ours.perSecond, unit: '/s', baseline: baseline(base.perSecond), target: '>= 0.1x baseline', pass: ours.perSecond >= 0.1 * base.perSecond },
      { name, metric: 'p50 latency', value: ours.p50, unit: 'ms', baseline: baseline(base.p50) },
      { name, metric: 'p99 latency', value: ours.p99, unit: 'ms', baseline: baseline(base.p99) },
    ];
  },
};
