import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '@waybill/logger';
import { eventually } from '@waybill/testing';
import { BullJobDriver } from './bull/bull-job-driver';
import { InlineJobDriver } from './inline/inline-job-driver';
import { jobTrace } from './job-trace';
import { PermanentJobError, type Job, type JobDriver } from './types';

const logger = createLogger('jobs-test');
const prefix = `waybill-test-${randomBytes(4).toString('hex')}`;
const variants: Array<[string, () => JobDriver]> = [['inline', () => new InlineJobDriver({ logger })]];
if (process.env.REDIS_URL) {
  const redisUrl = process.env.REDIS_URL;
  variants.push(['bullmq', () => new BullJobDriver({ redisUrl, prefix, logger })]);
  afterAll(async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    try {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
}

describe.each(variants)('job driver (%s)', (_name, makeDriver) => {
  let driver: JobDriver;
  beforeEach(() => { driver = makeDriver(); });
  afterEach(() => driver.close());
  const queue = () => `q-${expect.getState().currentTestName?.replace(/\W+/g, '-').slice(-40)}`;

  it('retries a failing job with backoff until it succeeds', async () => {
    const q = queue();
    const runs: Array<{ attempt: number; at: number }> = [];
    const failed: Job[] = [];
    await driver.work(q, async (job) => {
      runs.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error('endpoint returned 503');
    }, { onFailed: async (job) => { failed.push(job); } });

    await driver.enqueue(q, 'deliver', { url: 'https://example.test' }, { attempts: 5, backoffMs: 50 });

    await eventually(() => runs.length === 3, { what: 'third attempt' });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // Exponential with at most 20 % jitter: at least 40 ms, then at least 80 ms, less the 1 ms
    // granularity of the clock timers run on (a timer may fire a fraction of a millisecond early).
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(39);
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(79);
    expect(failed).toEqual([]);
  });

  it('stops at once on a PermanentJobError and reports the failure', async () => {
    const q = queue();
    let runs = 0;
    const failed: Array<{ job: Job; error: Error }> = [];
    await driver.work(q, async () => { runs++; throw new PermanentJobError('endpoint is gone'); }, {
      onFailed: async (job, error) => { failed.push({ job, error }); },
    });

    await driver.enqueue(q, 'deliver', { n: 1 }, { attempts: 5, backoffMs: 10 });

    await eventually(() => failed.length === 1, { what: 'onFailed' });
    expect(runs).toBe(1);
    expect(failed[0].error).toBeInstanceOf(PermanentJobError);
    expect(failed[0].error.message).toBe('endpoint is gone');
    expect(failed[0].job).toMatchObject({ name: 'deliver', data: { n: 1 }, attempt: 1, maxAttempts: 5 });
  });

  it('calls onFailed once after the last attempt', async () => {
    const q = queue();
    let runs = 0;
    const failed: Job[] = [];
    await driver.work(q, async () => { runs++; throw new Error('still down'); }, { onFailed: async (job) => { failed.push(job); } });

    await driver.enqueue(q, 'deliver', {}, { attempts: 2, backoffMs: 10 });

    await eventually(() => failed.length === 1, { what: 'onFailed' });
    expect(runs).toBe(2);
    expect(failed[0].attempt).toBe(2);
  });

  it('deduplicates by jobId while the job is pending, and hands back the id and trace', async () => {
    const q = queue();
    const seen: Job[] = [];
    const trace = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await driver.enqueue(q, 'pod', { n: 1 }, { jobId: 'pod:consignment-1', trace });
    await driver.enqueue(q, 'pod', { n: 2 }, { jobId: 'pod:consignment-1' });
    await driver.enqueue(q, 'sentinel', {});

    await driver.work(q, async (job) => { seen.push(job); });

    await eventually(() => seen.some((j) => j.name === 'sentinel'), { what: 'sentinel' });
    expect(seen.filter((j) => j.name === 'pod')).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: 'pod:consignment-1', data: { n: 1 } });
    expect(jobTrace(seen[0])).toEqual(trace);

    // Once finished, the same id may be enqueued again (e.g. a new retrieval).
    await driver.enqueue(q, 'pod', { n: 3 }, { jobId: 'pod:consignment-1' });
    await eventually(() => seen.filter((j) => j.name === 'pod').length === 2, { what: 're-enqueued job' });
  });

  it('runs a delayed job only after its delay', async () => {
    const q = queue();
    let ranAt = 0;
    await driver.work(q, async () => { ranAt = Date.now(); });
    const enqueuedAt = Date.now();

    await driver.enqueue(q, 'later', {}, { delayMs: 400 });

    await eventually(() => ranAt > 0, { what: 'delayed job' });
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(390);
  });

  it('close waits for the running job to finish', async () => {
    const q = queue();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    await driver.work(q, async () => { started = true; await gate; order.push('job finished'); });
    await driver.enqueue(q, 'slow', {});
    await eventually(() => started, { what: 'job start' });

    const closed = driver.close().then(() => order.push('closed'));
    release();
    await closed;

    expect(order).toEqual(['job finished', 'closed']);
    expect(driver.isHealthy()).toBe(false);
  });

  it('honours concurrency per queue', async () => {
    const q = queue();
    let active = 0;
    let peak = 0;
    let done = 0;
    await driver.work(q, async () => {
      peak = Math.max(peak, ++active);
      await new Promise((r) => setTimeout(r, 30));
      active--;
      done++;
    }, { concurrency: 2 });

    for (let i = 0; i < 6; i++) await driver.enqueue(q, 'job', { i });

    await eventually(() => done === 6, { what: 'all jobs' });
    expect(peak).toBe(2);
  });
});
