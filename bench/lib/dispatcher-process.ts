import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInternalToken } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import { newEnvelope, RabbitEventBus } from '@waybill/messaging';
import { createTestDatabase, startServiceProcess, type ServiceProcess, type TestDatabase } from '@waybill/testing';
import { profilingEnv } from './stack';
import type { RoundTrips } from './round-trips';

const SECRET = 'bench-internal-secret';

/**
 * The webhook dispatcher exactly as a deployment runs it: its built entry in a process of its own, on a
 * fresh database and its own namespace of the shared RabbitMQ and Redis, with every Postgres statement
 * and Redis command it makes counted (round-trip-counter.cjs). The benchmark publishes tracking events
 * on the namespace's exchange, as tracking-ingest's relay does, and manages endpoints through its API.
 */
export class DispatcherProcess {
  private constructor(
    private readonly service: ServiceProcess, private readonly db: TestDatabase & { url: string },
    private readonly publisher: RabbitEventBus, private readonly countsFile: string,
  ) {}

  static async start(env: Record<string, string>): Promise<DispatcherProcess> {
    const db = await createTestDatabase();
    if (!db.url) throw new Error('the webhooks benchmark needs a real Postgres (DATABASE_URL): run it through `make bench`');
    const namespace = `bench-${randomBytes(4).toString('hex')}`;
    const countsFile = join(tmpdir(), `${namespace}-round-trips.json`);
    const profiling = profilingEnv();
    const service = await startServiceProcess('webhook-dispatcher', {
      ...env, ...profiling,
      NODE_OPTIONS: [`--require ${join(__dirname, 'round-trip-counter.cjs')}`, profiling.NODE_OPTIONS].filter(Boolean).join(' '),
      BENCH_ROUND_TRIPS_FILE: countsFile, WAYBILL_NAMESPACE: namespace, DATABASE_URL: db.url,
      INTERNAL_JWT_SECRET: SECRET, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), WEBHOOK_ALLOW_PRIVATE: '1',
    });
    const publisher = await RabbitEventBus.connect({
      url: process.env.AMQP_URL!, logger: createLogger('bench', { level: 'warn' }), exchange: `${namespace}.waybill.events`, queuePrefix: `${namespace}.`,
    });
    return new DispatcherProcess(service, { ...db, url: db.url }, publisher, countsFile);
  }

  get databaseUrl(): string {
    return this.db.url;
  }

  get pid(): number {
    return this.service.pid;
  }

  /** Registers an endpoint through the management API, as the gateway would; answers its signing secret. */
  async createEndpoint(company: string, url: string): Promise<string> {
    const res = await fetch(`${this.service.url}/companies/${company}/webhooks/endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${signInternalToken(SECRET, 'webhook-dispatcher', { company, principal: 'token:bench' })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url }),
    });
    const body = (await res.json()) as { secret?: string };
    if (res.status !== 201 || !body.secret) throw new Error(`endpoint not created: ${res.status} ${JSON.stringify(body)}`);
    return body.secret;
  }

  /** Publishes one event with publisher confirms, under the given id. */
  async publish<T>(type: string, company: string, data: T, id: string): Promise<void> {
    await this.publisher.publish({ ...newEnvelope(type, company, data), id });
  }

  /** The process's statements and commands so far (it writes them when signalled). */
  async roundTrips(): Promise<RoundTrips> {
    const before = this.readCounts()?.seq ?? 0;
    process.kill(this.pid, 'SIGUSR2');
    const deadline = Date.now() + 5000;
    for (;;) {
      const now = this.readCounts();
      if (now && now.seq > before) return { pg: now.pg, redis: now.redis };
      if (Date.now() > deadline) throw new Error(`the dispatcher did not report its round trips:\n${this.service.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private readCounts(): (RoundTrips & { seq: number }) | undefined {
    if (!existsSync(this.countsFile)) return undefined;
    try {
      return JSON.parse(readFileSync(this.countsFile, 'utf8'));
    } catch {
      return undefined; // being written
    }
  }

  async stop(): Promise<void> {
    await this.publisher.close();
    await this.service.stop();
    rmSync(this.countsFile, { force: true });
    await this.db.drop();
  }
}
