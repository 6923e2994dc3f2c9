import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createLogger } from '@waybill/logger';
import { RabbitEventBus, newEnvelope } from '@waybill/messaging';
import { BullJobDriver } from '@waybill/jobs';
import { deleteRedisKeys, deleteStackQueues, eventually, freePort, startProcess, usingRealServers, waitForReady, type Proc } from '@waybill/testing';

/**
 * Issue 17.4 on the real servers: a process stopped by SIGTERM while it holds a request, a RabbitMQ
 * message and a BullMQ job answers the request, finishes and acks the message, completes the job,
 * exits 0 and leaves nothing to redo; a second SIGTERM, or the deadline, exits at once.
 */
const describeReal = usingRealServers() ? describe : describe.skip;
const logger = createLogger('shutdown-int');

function slowGet(port: number, agent: Agent): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    }).on('error', reject).end();
  });
}

const exited = (p: Proc) => new Promise<number | null>((resolve) => {
  if (p.child.exitCode !== null) return resolve(p.child.exitCode);
  p.child.once('exit', (code) => resolve(code));
});

describeReal('graceful shutdown of a service process (real RabbitMQ and Redis)', () => {
  let dir: string;
  let namespace: string;
  let bus: RabbitEventBus;
  let jobs: BullJobDriver;
  const agent = new Agent({ keepAlive: true });
  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);

  async function start(name: string, env: Record<string, string> = {}): Promise<{ proc: Proc; port: number; file: string }> {
    const port = await freePort();
    const file = join(dir, `${name}.log`);
    const proc = startProcess(name, 'libs/runtime/src/test-support/drain-fixture.ts', {
      DATABASE_URL: process.env.DATABASE_URL!, AMQP_URL: process.env.AMQP_URL!, REDIS_URL: process.env.REDIS_URL!,
      INTERNAL_JWT_SECRET: 'drain-secret', HOST: '127.0.0.1', CONSIGNMENT_PORT: String(port), WAYBILL_NAMESPACE: namespace,
      DRAIN_RECORD: file, ...env,
    });
    await waitForReady(`http://127.0.0.1:${port}/readyz`, [proc], 60_000);
    return { proc, port, file };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'drain-'));
    namespace = `drain${Date.now()}`;
    bus = await RabbitEventBus.connect({ url: process.env.AMQP_URL!, logger, exchange: `${namespace}.waybill.events`, queuePrefix: `${namespace}.` });
    jobs = new BullJobDriver({ redisUrl: process.env.REDIS_URL!, logger, prefix: `waybill-${namespace}` });
  });
  afterAll(async () => {
    agent.destroy();
    await bus?.close();
    await jobs?.close();
    await deleteStackQueues(process.env.AMQP_URL!, namespace);
    await deleteRedisKeys(process.env.REDIS_URL!, `waybill-${namespace}`);
    rmSync(dir, { recursive: true, force: true });
  });

  test('SIGTERM: readiness off at once, the request answered, the message finished and acked once, the job completed, exit 0', async () => {
    const { proc, port, file } = await start('drain');
    const event = newEnvelope('drain.fixture.held', 'demo-co', {});
    await bus.publish(event);
    await jobs.enqueue('drain-fixture', 'held', {}, { jobId: 'held-1' });
    const answer = slowGet(port, agent);
    await eventually(() => ['request-start', `message-start ${event.id}`, 'job-start held-1'].every((l) => lines(file).includes(l)), { timeoutMs: 20_000, what: 'request, message and job in hand' });
    proc.child.kill('SIGTERM');
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 'refused')) !== 200, { timeoutMs: 2000, what: '/readyz no longer 200' });
    expect(await exited(proc)).toBe(0);
    expect(await answer).toEqual({ status: 200, connection: 'close' });
    expect(lines(file).sort()).toEqual(['job-done held-1', 'job-start held-1', `message-done ${event.id}`, `message-start ${event.id}`, 'request-done', 'request-start', 'stopped'].sort());
    // Nothing left to redo: the message was acked (not back in its queue) and the job is completed.
    const key = (k: string) => `waybill-${namespace}:drain-fixture:${k}`;
    const redis = (...args: string[]) => Number(execFileSync('redis-cli', ['-u', process.env.REDIS_URL!, ...args], { encoding: 'utf8' }).trim());
    expect({ completed: redis('ZCARD', key('completed')), active: redis('LLEN', key('active')), waiting: redis('LLEN', key('wait')), failed: redis('ZCARD', key('failed')) })
      .toEqual({ completed: 1, active: 0, waiting: 0, failed: 0 });
    // A restarted process gets a new message and job: anything left to redo would reach it before them
    // (a message back in its queue is redelivered first, the job queue is first in, first out).
    const again = await start('drain-again');
    const sentinel = newEnvelope('drain.fixture.held', 'demo-co', {});
    await bus.publish(sentinel);
    await jobs.enqueue('drain-fixture', 'held', {}, { jobId: 'held-2' });
    const starts = () => lines(again.file).filter((l) => l.startsWith('message-start') || l.startsWith('job-start'));
    await eventually(() => starts().length >= 2, { timeoutMs: 20_000, what: 'the new message and job in hand' });
    expect(starts().sort()).toEqual(['job-start held-2', `message-start ${sentinel.id}`]);
    again.proc.child.kill('SIGTERM');
    expect(await exited(again.proc)).toBe(0);
  });

  test('a second SIGTERM exits at once with 1', async () => {
    const { proc, port, file } = await start('twice', { DRAIN_HOLD_MS: '60000' });
    const answer = slowGet(port, agent).catch((err: Error) => err.message);
    await eventually(() => lines(file).includes('request-start'), { timeoutMs: 10_000, what: 'the request in hand' });
    const started = Date.now();
    proc.child.kill('SIGTERM');
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 'refused')) !== 200, { timeoutMs: 2000, what: '/readyz no longer 200' });
    proc.child.kill('SIGTERM');
    expect(await exited(proc)).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await answer).toMatch(/socket hang up|ECONNRESET/);
  });

  test('SHUTDOWN_TIMEOUT passing exits at once with 1', async () => {
    const { proc, port, file } = await start('deadline', { DRAIN_HOLD_MS: '60000', SHUTDOWN_TIMEOUT: '2' });
    void slowGet(port, agent).catch(() => undefined);
    await eventually(() => lines(file).includes('request-start'), { timeoutMs: 10_000, what: 'the request in hand' });
    const started = Date.now();
    proc.child.kill('SIGTERM');
    expect(await exited(proc)).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
