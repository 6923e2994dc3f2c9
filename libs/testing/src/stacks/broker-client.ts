import type { DemoCredentials } from '@waybill/admin';
import type { Mode } from './stack';

/** How suites and stacks talk to the run's stack broker (`stack-broker.ts`), whose address the e2e global setup gives. */
export interface BrokerLease {
  id: number;
  mode: Mode;
  baseUrl: string;
  creds: DemoCredentials;
  databaseUrl?: string;
  namespace?: string;
}

export interface BrokerTemplate {
  /** One-process: a DATA_DIR to copy. */
  dataDir?: string;
  /** Distributed: a database to create the stack's from. */
  database?: string;
}

export async function ask<T>(path: string, body: unknown): Promise<T | undefined> {
  const broker = process.env.WAYBILL_E2E_BROKER;
  if (!broker) return undefined;
  const res = await fetch(`${broker}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`e2e stack broker ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** What a new stack of this mode starts from, when the broker runs: a migrated data folder or database. */
export async function stackTemplate(mode: Mode): Promise<BrokerTemplate> {
  return (await ask<BrokerTemplate>('/template', { mode, databaseUrl: process.env.DATABASE_URL })) ?? {};
}
