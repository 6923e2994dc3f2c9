import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../databases';
import { deleteRedisKeys } from '../platform';
import { deleteStackQueues } from '../stack-events';
import { seedDemo, type DemoCredentials } from '@waybill/admin';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { stackTemplate } from './broker-client';
import { startCarrierDoubles, type CarrierDoubles } from './carrier-doubles';
import { ROOT, builtEntry, freePort, startProcess, waitForReady, type Proc } from '../processes';

export type Mode = 'one-process' | 'distributed';

export interface Stack {
  mode: Mode;
  baseUrl: string;
  creds: DemoCredentials;
  procs: Proc[];
  /** The real carriers' local doubles the stack's carrier-link calls (unless `CARRIER_BASE_URL_*` was given). */
  carriers: CarrierDoubles;
  /** Only in one-process mode: its DATA_DIR. */
  dataDir?: string;
  /** Only in distributed mode: the database URL the services use. */
  databaseUrl?: string;
  /** Only in distributed mode: its WAYBILL_NAMESPACE (exchange, queues and job keys on the shared servers). */
  namespace?: string;
  /**
   * Only in distributed mode: kills a service's process outright (SIGKILL, no shutdown code runs) and
   * starts it again with the same settings and port, as an orchestrator would; resolves once it is ready.
   */
  crash?(name: string): Promise<void>;
  /** Only in distributed mode: each process's own base URL (for its /readyz), by name (`consignment`, `consignment#2`, …). */
  processUrls?: Record<string, string>;
  /** Only in distributed mode: the base URLs of each service's replicas, the gateway's included, by service. */
  replicaUrls?: Record<string, string[]>;
  /**
   * Only in distributed mode with `rolling`: replaces a service's process as a rolling update does. A
   * service gets a new process on its spare address (every caller already lists it), and once that one is
   * ready the old one gets SIGTERM and drains; a gateway replica gets SIGTERM and then starts again.
   */
  roll?(name: string): Promise<RollFigures>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Distributed mode: processes per service, the gateway included (default 1). */
  replicas?: number;
  /** Demo credentials other than DEMO's (e.g. an e-mail username), in either mode. */
  creds?: Partial<DemoCredentials>;
  /** Distributed mode: each service's deploy unit folder (`make unit`), run from there instead of the workspace. */
  units?: Record<string, string>;
  /** Distributed mode: one process per service plus a spare address in its URL list, two gateways (`roll`). */
  rolling?: boolean;
  /** One-process mode: this DATA_DIR (e.g. a restored one) instead of a new one from the template; removed on stop all the same. */
  dataDir?: string;
  /** Distributed mode: this database (e.g. a restored one) instead of a new one; dropped on stop all the same. */
  database?: TestDatabase;
}

export interface RollFigures {
  /** From starting the new process to its /readyz answering 200 (services only). */
  newReadyMs: number;
  /** From SIGTERM to the old process's exit, and its exit code. */
  drainMs: number;
  exitCode: number | null;
}

/** Distributed stacks share the servers: the key seals carrier secrets (seed and services must agree). */
export const E2E_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export const DEMO: DemoCredentials = {
  company: 'demo-co', apiToken: 'e2e-token-0123456789abcdef', user: 'demo', password: 'e2e-password',
  deliveryOptionsKey: 'e2e-do-key-0123456789', carrierSecret: 'e2e-carrier-secret',
};

/** 32 bytes, base64: the key that seals secrets at rest in the distributed test stacks. */

/** Distributed mode needs the real servers; CI sets their URLs, and then they must be reachable. */
export function availableModes(): Mode[] {
  const real = process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL;
  return real ? ['one-process', 'distributed'] : ['one-process'];
}

export async function startStack(mode: Mode, extraEnv: Record<string, string> = {}, opts: StackOptions = {}): Promise<Stack> {
  const creds = { ...DEMO, ...opts.creds };
  const carriers = await startCarrierDoubles();
  const env = { ...carriers.env, ...extraEnv };
  try {
    const stack = mode === 'one-process' ? await startOneProcess(env, creds, opts.dataDir) : await startDistributed(env, creds, opts);
    const stopServices = stack.stop;
    return { ...stack, carriers, stop: async () => {
      await stopServices();
      await carriers.stop();
    } };
  } catch (err) {
    await carriers.stop();
    throw err;
  }
}

/** A DATA_DIR in `extraEnv` is the caller's (seeded before start); else a copy of the run's migrated template, or empty. */
async function startOneProcess(extraEnv: Record<string, string>, creds: DemoCredentials, given?: string): Promise<Omit<Stack, 'carriers'>> {
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'waybill-e2e-'));
  if (!extraEnv.DATA_DIR && !given) {
    const template = await stackTemplate('one-process');
    if (template.dataDir) cpSync(template.dataDir, dataDir, { recursive: true });
  }
  const port = await freePort();
  const proc = startProcess('waybill', builtEntry('infra/standalone'), {
    PORT: String(port), DATA_DIR: dataDir, DEMO_COMPANY_SLUG: creds.company, DEMO_API_TOKEN: creds.apiToken,
    DEMO_USER: creds.user, DEMO_PASSWORD: creds.password, DEMO_DELIVERY_OPTIONS_KEY: creds.deliveryOptionsKey,
    DEMO_CARRIER_SECRET: creds.carrierSecret, DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await waitForReady(`${baseUrl}/readyz`, [proc]).catch(async (err) => {
    await stop();
    throw err;
  });
  return { mode: 'one-process', baseUrl, creds, procs: [proc], dataDir, stop };
}

/**
 * Every service that exists as its own process, `replicas` times each (the gateway too), with a fresh
 * database and the shared real servers. Each process finds its peers through `<NAME>_URL`: the list of
 * that service's replicas.
 */
async function startDistributed(extraEnv: Record<string, string>, creds: DemoCredentials, { replicas = 1, units, rolling = false, database }: StackOptions): Promise<Omit<Stack, 'carriers'>> {
  const db: TestDatabase = database ?? await createTestDatabase({ template: (await stackTemplate('distributed')).database });
  await seedDemo(db.target, creds, { dataEncryptionKey: E2E_DATA_ENCRYPTION_KEY });
  const services = SERVICE_CATALOGUE.filter((s) => existsSync(join(ROOT, 'services', s.name, 'src', 'main.ts')));
  const all = [...services, { name: 'gateway', portVar: 'PORT', urlVar: '' }];
  const ports = await Promise.all(all.map(() => Promise.all(Array.from({ length: rolling ? 2 : replicas }, () => freePort()))));
  const replicaUrls = Object.fromEntries(all.map((s, i) => [s.name, ports[i].map((port) => `http://127.0.0.1:${port}`)]));
  const urls = Object.fromEntries(services.map((s) => [s.urlVar, replicaUrls[s.name].join(',')]));
  // Rolling: a service's second address is its spare (nothing listens there until `roll`).
  const spares = new Map(rolling ? services.map((s, i) => [s.name, ports[i].pop()!]) : []);
  const namespace = new URL(db.url!).pathname.slice(1);
  const common = {
    DATABASE_URL: db.url!, AMQP_URL: process.env.AMQP_URL!, REDIS_URL: process.env.REDIS_URL!,
    INTERNAL_JWT_SECRET: 'e2e-internal-secret', HOST: '127.0.0.1', PUBLIC_BASE_URL: '',
    DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY,
    // Test stacks share one server (100 connections by default) while several run at once, scale-out's with
    // two of every process: five connections a process at most, so a burst in one stack leaves room for the others.
    DB_POOL_SIZE: '5',
    // Its own exchange, queues and job keys: stacks running at the same time never take each other's work.
    WAYBILL_NAMESPACE: namespace,
    ...urls, ...extraEnv,
  };
  const specs = all.flatMap((s, i) => ports[i].map((port, r) => ({
    name: r === 0 ? s.name : `${s.name}#${r + 1}`, entry: units ? join(units[s.name], 'dist', 'main.js') : builtEntry(`services/${s.name}`),
    env: { ...common, [s.portVar]: String(port) }, url: `http://127.0.0.1:${port}`, cwd: units?.[s.name] ?? ROOT,
  })));
  const procs = specs.map((p) => startProcess(p.name, p.entry, p.env, p.cwd));
  const baseUrl = replicaUrls.gateway[0];
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop()));
    // The servers are shared: leave none of this stack's queues or job keys behind.
    await deleteStackQueues(process.env.AMQP_URL!, namespace);
    await deleteRedisKeys(process.env.REDIS_URL!, `waybill-${namespace}`);
    await db.drop();
  };
  // A stack that never became ready must not leave processes or a database behind. Every process is
  // waited for: a gateway is ready as soon as one replica of each service is.
  await Promise.all(specs.map((p) => waitForReady(`${p.url}/readyz`, procs))).catch(async (err) => {
    await stop();
    throw err;
  });
  const crash = async (name: string) => {
    const at = specs.findIndex((p) => p.name === name);
    if (at < 0) throw new Error(`no process ${name} in this stack`);
    await procs[at].kill();
    procs[at] = startProcess(specs[at].name, specs[at].entry, specs[at].env, specs[at].cwd);
    await waitForReady(`${specs[at].url}/readyz`, [procs[at]]);
  };
  const processUrls = Object.fromEntries(specs.map((p) => [p.name, p.url]));
  const roll = async (name: string): Promise<RollFigures> => {
    const at = specs.findIndex((p) => p.name === name);
    if (at < 0) throw new Error(`no process ${name} in this stack`);
    const old = procs[at];
    const spare = spares.get(name);
    let newReadyMs = 0;
    if (spare !== undefined) {
      const portVar = all.find((s) => s.name === name)!.portVar;
      const next = { ...specs[at], env: { ...specs[at].env, [portVar]: String(spare) }, url: `http://127.0.0.1:${spare}` };
      const started = Date.now();
      const proc = startProcess(next.name, next.entry, next.env, next.cwd);
      await waitForReady(`${next.url}/readyz`, [proc]).catch(async (err) => {
        await proc.kill();
        throw err;
      });
      newReadyMs = Date.now() - started;
      spares.set(name, Number(new URL(specs[at].url).port));
      specs[at] = next;
      procs[at] = proc;
      processUrls[name] = next.url;
    }
    const sigterm = Date.now();
    await old.stop('SIGTERM');
    const figures = { newReadyMs, drainMs: Date.now() - sigterm, exitCode: old.child.exitCode };
    if (spare === undefined) {
      procs[at] = startProcess(specs[at].name, specs[at].entry, specs[at].env, specs[at].cwd);
      await waitForReady(`${specs[at].url}/readyz`, [procs[at]]);
    }
    return figures;
  };
  return { mode: 'distributed', baseUrl, creds, procs, databaseUrl: db.url, namespace, crash, processUrls, replicaUrls, roll, stop };
}
