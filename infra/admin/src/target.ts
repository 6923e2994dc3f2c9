import { join } from 'node:path';
import { openPglite, type DbTarget } from '@waybill/db';

/** The CLI works on the same storage as the services: DATABASE_URL, else the demo's DATA_DIR. */
export async function openTarget(opts: { databaseUrl?: string; dataDir?: string }): Promise<{ target: DbTarget; close(): Promise<void> }> {
  const url = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (url) return { target: { kind: 'pg', url, poolSize: 2 }, close: async () => undefined };
  const pg = await openPglite(join(opts.dataDir ?? process.env.DATA_DIR ?? './.data', 'pgdata'));
  return { target: { kind: 'pglite', instance: pg }, close: () => pg.close() };
}
