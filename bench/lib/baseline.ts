import type { Client } from 'pg';
import { freePort } from '@waybill/testing';
import { startProcess, waitForReady, type Proc } from '@waybill/testing';

export const BASELINE_TABLE = 'baseline.consignments';

export interface Baseline {
  baseUrl: string;
  proc: Proc;
}

/**
 * Starts the bare express + pg server against the bench database. Its table is created LIKE the
 * consignment service's own (columns, defaults, identity and every index), so both write the same row
 * shape into the same index structure; only the work around the insert differs.
 */
export async function startBaseline(sql: Client, databaseUrl: string, company: string): Promise<Baseline> {
  await sql.query('create schema if not exists baseline');
  await sql.query(`create table ${BASELINE_TABLE} (like consignment.consignments including all)`);
  const port = await freePort();
  const proc = startProcess('baseline', 'bench/lib/baseline-server.ts', {
    DATABASE_URL: databaseUrl, PORT: String(port), BASELINE_TABLE, BASELINE_COMPANY: company,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/healthz`, [proc]).catch(async (err) => {
    await proc.stop();
    throw err;
  });
  return { baseUrl, proc };
}
