import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { seedDemo, type DemoCredentials } from '@waybill/admin';
import { freePort } from './ports';
import { startProcess, waitForReady, type Proc } from './processes';

export type Mode = 'one-process' | 'distributed';

export interface Stack {
  mode: Mode;
  baseUrl: string;
  creds: DemoCredentials;
  procs: Proc[];
  stop(): Promise<void>;
}

export const DEMO: DemoCredentials = {
  company: 'demo-co', apiToken: 'e2e-token-0123456789abcdef', user: 'demo', password: 'e2e-password',
  deliveryOptionsKey: 'e2e-do-key-0123456789', carrierSecret: 'e2e-carrier-secret',
};

/** Distributed mode needs the real servers; CI sets their URLs, and then they must be reachable. */
export function availableModes(): Mode[] {
  const real = process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL;
  return real ? ['one-process', 'distributed'] : ['one-process'];
}

export async function startStack(mode: Mode, extraEnv: Record<string, string> = {}): Promise<Stack> {
  return mode === 'one-process' ? startOneProcess(extraEnv) : startDistributed(extraEnv);
}

async function startOneProcess(extraEnv: Record<string, string>): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-e2e-'));
  const port = await freePort();
  const proc = startProcess('waybill', 'infra/standalone/src/main.ts', {
    PORT: String(port), DATA_DIR: dataDir, DEMO_COMPANY_SLUG: DEMO.company, DEMO_API_TOKEN: DEMO.apiToken,
    DEMO_USER: DEMO.user, DEMO_PASSWORD: DEMO.password, DEMO_DELIVERY_OPTIONS_KEY: DEMO.deliveryOptionsKey,
    DEMO_CARRIER_SECRET: DEMO.carrierSecret, DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/readyz`, [proc]);
  return {
    mode: 'one-process', baseUrl, creds: DEMO, procs: [proc],
    stop: async () => {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDistributed(extraEnv: Record<string, string>): Promise<Stack> {
  const db: TestDatabase = await createTestDatabase();
  await seedDemo(db.target, DEMO);
  const [gatewayPort, consignmentPort] = await Promise.all([freePort(), freePort()]);
  const common = {
    DATABASE_URL: db.url!, AMQP_URL: process.env.AMQP_URL!, REDIS_URL: process.env.REDIS_URL!,
    INTERNAL_JWT_SECRET: 'e2e-internal-secret', HOST: '127.0.0.1', ...extraEnv,
  };
  const consignment = startProcess('consignment', 'services/consignment/src/main.ts', { ...common, CONSIGNMENT_PORT: String(consignmentPort) });
  const gateway = startProcess('gateway', 'services/gateway/src/main.ts', {
    ...common, PORT: String(gatewayPort), CONSIGNMENT_URL: `http://127.0.0.1:${consignmentPort}`,
  });
  const procs = [consignment, gateway];
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitForReady(`${baseUrl}/readyz`, procs);
  return {
    mode: 'distributed', baseUrl, creds: DEMO, procs,
    stop: async () => {
      await Promise.all(procs.map((p) => p.stop()));
      await db.drop();
    },
  };
}
