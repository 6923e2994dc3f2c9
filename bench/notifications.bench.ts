import { SMTPServer } from 'smtp-server';
import nodemailer from 'nodemailer';
import { composeMessage } from '../services/notifications/src/sending/message';
import { BRANDING, Harness, consignment, statusChanged } from '../services/notifications/src/test-support/harness';
import { percentile } from './lib/fixed-rate';
import type { Benchmark, BenchRow } from './lib/types';

const MAILS = Number(process.env.NOTIFY_BENCH_MAILS ?? 200);
const RATE = 50;
const SECONDS = Number(process.env.NOTIFY_BENCH_SECONDS ?? 6);
const DEADLINE_MS = 20_000;
const realServers = Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL);
const MODE = realServers ? 'Postgres + RabbitMQ + BullMQ' : 'PGlite + in-process bus + inline jobs';

/** A local SMTP server that takes every message and notes when each recipient's arrived (no parsing). */
async function sink(): Promise<{ url: string; arrivals: Map<string, number>; close(): Promise<void> }> {
  const arrivals = new Map<string, number>();
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData: (stream, session, callback) => {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        // Addresses starting "queued-" are greylisted once: their e-mails go through the job queue.
        if (to.some((a) => a.startsWith('queued-') && !refused.has(a))) {
          for (const a of to) refused.add(a);
          return callback(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
        }
        for (const a of to) arrivals.set(a, performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, arrivals, close: () => new Promise((r) => server.close(() => r())) };
}

/** Waits for `check`, at most DEADLINE_MS: a slow run still reports what arrived (and fails its target). */
async function until(check: () => boolean): Promise<boolean> {
  const end = Date.now() + DEADLINE_MS;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

/** The same messages straight to the server through one pooled nodemailer transport: the ceiling of the mail path alone. */
async function direct(url: string, addresses: string[]): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5, maxMessages: 500 } as Parameters<typeof nodemailer.createTransport>[0]);
  const start = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < addresses.length) {
      const to = addresses[next++];
      const c = consignment({ email: to });
      const m = composeMessage({
        id: '00000000-0000-4000-8000-000000000000', event: 'despatched', language: 'en', company: 'bench', branding: BRANDING, fromAddress: 'shipping@waybill.example',
        recipient: { company: 'bench', identifier: c.identifier, order_number: c.order_number, email: to, first_name: 'Ada', country: 'GB', carrier: 'Generic Carrier', tracking_url: c.tracking_url, tracking_number: 'GC000123', expected_delivery_date: '2026-12-01', cancelled: false, is_return: false, as_of: new Date() },
        settings: { enabled: true, events: ['despatched'], from_name: null, reply_to: null },
        unsubscribeUrl: 'https://track.example/notifications/unsubscribe/x', unsubscribeMailto: 'shipping@waybill.example',
      });
      await transport.sendMail({ from: m.from, to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, messageId: m.messageId });
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  transport.close();
  return addresses.length / seconds;
}

export const bench: Benchmark = {
  title: `Shipping e-mails (${MODE}): ${MAILS} from events and ${MAILS / 2} through the job queue (first attempt refused) to a local SMTP server vs the same sent directly, then tracking event to e-mail at ${RATE} events/s for ${SECONDS} s`,
  async run(): Promise<BenchRow[]> {
    const smtp = await sink();
    const h = await Harness.start({ SMTP_URL: smtp.url });
    try {
      await h.api('bench').put('/notifications', { enabled: true });
      // Warm-up: JIT, pools, the first connections.
      const warm = Array.from({ length: 20 }, (_, i) => consignment({ email: `warm-${i}@bench.example` }));
      for (const c of warm) await h.publish(statusChanged('bench', c, 'Despatched'));
      await until(() => warm.every((c) => smtp.arrivals.has(c.recipient!.email_address!)));

      // Throughput: a burst of despatch events, each one e-mail, all queued at once.
      const burst = Array.from({ length: MAILS }, (_, i) => consignment({ email: `burst-${i}@bench.example` }));
      const start = performance.now();
      await Promise.all(burst.map((c) => h.publish(statusChanged('bench', c, 'Despatched'))));
      const burstDone = await until(() => burst.every((c) => smtp.arrivals.has(c.recipient!.email_address!)));
      const arrived = burst.map((c) => smtp.arrivals.get(c.recipient!.email_address!)).filter((t): t is number => t !== undefined);
      const queued = arrived.length / (((burstDone ? Math.max(...arrived) : performance.now()) - start) / 1000);
      const straight = await direct(smtp.url, burst.map((_, i) => `direct-${i}@bench.example`));

      // Through the job queue: every first attempt refused (451), each e-mail sent by its retry job.
      const greylisted = Array.from({ length: MAILS / 2 }, (_, i) => consignment({ email: `queued-${i}@bench.example` }));
      const qStart = performance.now();
      await Promise.all(greylisted.map((c) => h.publish(statusChanged('bench', c, 'Despatched'))));
      const queueDone = await until(() => greylisted.every((c) => smtp.arrivals.has(c.recipient!.email_address!)));
      const viaJobs = greylisted.map((c) => smtp.arrivals.get(c.recipient!.email_address!)).filter((t): t is number => t !== undefined);
      const jobRate = viaJobs.length / (((queueDone ? Math.max(...viaJobs) : performance.now()) - qStart) / 1000);

      // Delay: events at a fixed rate, each timed from its publication to its e-mail's arrival.
      const steady = Array.from({ length: RATE * SECONDS }, (_, i) => consignment({ email: `steady-${i}@bench.example` }));
      const sentAt = new Map<string, number>();
      const t0 = performance.now();
      for (let i = 0; i < steady.length; i++) {
        const wait = t0 + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const c = steady[i];
        sentAt.set(c.recipient!.email_address!, performance.now());
        void h.publish(statusChanged('bench', c, 'Despatched'));
      }
      const steadyDone = await until(() => steady.every((c) => smtp.arrivals.has(c.recipient!.email_address!)));
      // One that never arrived counts at the deadline: it can only make the figure worse, never better.
      const end = performance.now();
      const delays = [...sentAt].map(([to, at]) => (smtp.arrivals.get(to) ?? end) - at);
      const p95 = percentile(delays, 95);
      const name = `shipping e-mails (${MODE})`;
      return [
        { name, metric: 'e-mails/s, events to SMTP (event queue, consumer; jobs for retries)', value: queued, unit: 'mails/s', baseline: { name: 'same messages, nodemailer pool direct', value: straight }, target: `>= ${RATE} (the event rate below)`, pass: burstDone && queued >= RATE },
        { name, metric: 'e-mails/s through the job queue (first attempt refused 451, backoff 50 ms)', value: jobRate, unit: 'mails/s', baseline: { name: 'same messages, nodemailer pool direct', value: straight }, pass: queueDone },
        { name, metric: 'event to e-mail p50', value: percentile(delays, 50), unit: 'ms' },
        { name, metric: 'event to e-mail p95', value: p95, unit: 'ms', target: '< 5000 ms at 50 events/s', pass: steadyDone && p95 < 5000 },
        { name, metric: 'event to e-mail p99', value: percentile(delays, 99), unit: 'ms' },
      ];
    } finally {
      await h.close();
      await smtp.close();
    }
  },
};
