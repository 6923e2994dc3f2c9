import type { Kysely } from 'kysely';

/**
 * SQL shared by the migrations that keep `consignment_counts` (20261122020000, 20261122040000): exact
 * counts per company, status and block of BLOCK list positions, each spread over SHARDS rows.
 */
export const BLOCK = 4096;
export const SHARDS = 16;

/** The schema a migration runs in (kept here too for the migrations that import it from this file). */
export { schemaOf } from '@waybill/db';

/** Adds each (company, status, block) delta; ordered so concurrent writers lock counter rows alike. */
export function applyDeltas(counts: string, deltas: string): string {
  return `insert into ${counts} (company, status, block_start, shard, n)
      select company, status, block_start, pg_backend_pid() % ${SHARDS}, sum(d) from (${deltas}) x
      group by company, status, block_start having sum(d) <> 0 order by company, status, block_start
      on conflict (company, status, block_start, shard) do update set n = ${counts}.n + excluded.n`;
}

/** A statement-level trigger function (plpgsql) running `body`. */
export function triggerFunction(schema: string, name: string, body: string, replace = false): string {
  return `create ${replace ? 'or replace ' : ''}function ${schema}.${name}() returns trigger language plpgsql as $$ begin
    ${body}; return null; end $$`;
}
