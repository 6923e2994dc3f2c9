import { Client } from 'pg';
import type { Stack } from '@waybill/testing/stacks';
import { startBaseline, type Baseline } from './lib/baseline';
import { measureCreateRead } from './lib/create-read';
import { startDurableBaseline } from './lib/durable-baseline';
import { bulkLoad, LIST_ROWS } from './lib/bulk-load';
import { measureListDepth } from './lib/list-depth';
import { CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS } from './lib/compare';
import { startDistributedStack } from './lib/stack';
import type { Benchmark, BenchRow } from './lib/types';

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/**
 * Consignment create/read throughput through the gateway in distributed mode next to one process doing
 * the same durable work (creates) and a bare express + pg server doing the same insert and select, then
 * list-page latency at depth over 1,000,000 rows. Runs
 * against a fresh database on the local servers and drops it afterwards, whatever happens.
 */
export const bench: Benchmark = {
  title: `Consignments, distributed mode vs bare express+pg (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s each)`,
  async run(): Promise<BenchRow[]> {
    log('starting the distributed stack');
    let stack: Stack | undefined;
    let baseline: Baseline | undefined;
    let durable: Baseline | undefined;
    let sql: Client | undefined;
    try {
      stack = await startDistributedStack();
      sql = new Client({ connectionString: stack.databaseUrl });
      await sql.connect();
      baseline = await startBaseline(sql, stack.databaseUrl!, stack.creds.company);
      durable = await startDurableBaseline(sql, stack.databaseUrl!, stack.creds.company);
      const rows = await measureCreateRead(stack, baseline, durable, sql, log);
      await baseline.proc.stop();
      await durable.proc.stop();
      // BENCH_CREATE_ONLY=1: the create figures alone, a bounded run while working on them;
      // BENCH_SKIP_LIST=1: creates and reads, without the 1,000,000-row list (repeated read runs).
      if (process.env.BENCH_CREATE_ONLY || process.env.BENCH_SKIP_LIST) return rows;
      log(`bulk-loading ${LIST_ROWS.toLocaleString('en')} consignments`);
      const started = Date.now();
      await bulkLoad(sql, stack.creds.company, log);
      log(`loaded and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      rows.push(...(await measureListDepth(stack, sql, log)));
      return rows;
    } finally {
      log('cleaning up');
      await sql?.end().catch(() => undefined);
      await baseline?.proc.stop();
      await durable?.proc.stop();
      await stack?.stop();
    }
  },
};
