import type { Client } from 'pg';
import { eventually } from '@waybill/testing';

const DRAIN_LIMIT_MS = 120_000;

/**
 * A settle step: waits until an outbox relay (the consignment service's, or a baseline's) has published
 * every event the run wrote. Accepting writes faster than their events go out only defers the work,
 * so the time this takes counts against the run's sustained throughput. Bounded, like the whole bench.
 */
export function outboxDrained(sql: Client, table = 'consignment.outbox'): () => Promise<number> {
  return async () => {
    const started = Date.now();
    await eventually(async () => {
      const { rows } = await sql.query(`select count(*)::int as n from ${table} where published_at is null`);
      return rows[0].n === 0;
    }, { timeoutMs: DRAIN_LIMIT_MS, intervalMs: 50, what: `${table} to drain` });
    return (Date.now() - started) / 1000;
  };
}
