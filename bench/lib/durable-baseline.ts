import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { eventually } from '@waybill/testing';
import { freePort } from '@waybill/testing';
import { startProcess, waitForReady, type Proc } from '@waybill/testing';
import type { Baseline } from './baseline';

export const DURABLE_SCHEMA = 'baseline_durable';

/** Each table LIKE the service's own (columns, defaults, identity, indexes): the same rows into the same index structure. */
const TABLES: Array<[string, string]> = [
  ['consignments', 'consignment.consignments'],
  ['status_history', 'consignment.status_history'],
  ['outbox', 'consignment.outbox'],
  ['tracked_consignments', 'tracking.tracked_consignments'],
  ['inbox', 'tracking.inbox'],
];

/**
 * Starts the one-process "same durable work" baseline (durable-baseline-server.ts) against the bench
 * database and the local RabbitMQ, with an exchange and queue of its own that the broker deletes when
 * the process goes.
 */
export async function startDurableBaseline(sql: Client, databaseUrl: string, company: string): Promise<Baseline> {
  await sql.query(`create schema if not exists ${DURABLE_SCHEMA}`);
  for (const [table, like] of TABLES) await sql.query(`create table ${DURABLE_SCHEMA}.${table} (like ${like} including all)`);
  const port = await freePort();
  const proc = startProcess('durable-baseline', 'bench/lib/durable-baseline-server.ts', {
    DATABASE_URL: databaseUrl, AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672', PORT: String(port),
    DURABLE_SCHEMA, DURABLE_NAME: `bench.durable.${randomUUID().slice(0, 8)}`, BASELINE_COMPANY: company,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/healthz`, [proc]).catch(async (err) => {
    await proc.stop();
    throw err;
  });
  return { baseUrl, proc };
}

/** Before measuring: the baseline's consumer really applies what it publishes (a silent failure would flatter it). */
export async function checkProjected(sql: Client, identifiers: string[]): Promise<void> {
  await eventually(async () => {
    const { rows } = await sql.query(`select count(*)::int as n from ${DURABLE_SCHEMA}.tracked_consignments where identifier = any($1)`, [identifiers]);
    return rows[0].n === identifiers.length;
  }, { timeoutMs: 30_000, intervalMs: 50, what: 'the durable baseline projection to show the created consignments' });
}
