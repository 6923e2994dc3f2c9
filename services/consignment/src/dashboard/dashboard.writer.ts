import { sql, type Transaction } from 'kysely';
import type { EventEnvelope } from '@waybill/messaging';
import type { ConsignmentDb } from '../database';
import { Deltas, nextStanding, type Standing } from './dashboard.projection';

type Trx = Transaction<ConsignmentDb>;

/** A consignment's key in the read model: identifiers are unique per company only. */
const keyOf = (company: string, identifier: string): string => `${company}\u0000${identifier}`;

async function standings(trx: Trx, identifiers: string[]): Promise<Map<string, Standing>> {
  const rows = await trx.selectFrom('dashboard_consignments')
    .select(['identifier', 'company', 'carrier', 'status', 'rejection_reason', 'order_number',
      sql<string>`created_day::text`.as('created_day'), sql<string | null>`expected_date::text`.as('expected_date'),
      sql<string | null>`delivered_day::text`.as('delivered_day'), 'as_of'])
    .where('identifier', 'in', identifiers).orderBy('identifier').orderBy('company').forUpdate().execute();
  return new Map(rows.map((r) => [keyOf(r.company, r.identifier), { ...r, as_of: new Date(r.as_of).toISOString() }]));
}

/**
 * Folds a batch of consignment events into the read model in one transaction: each consignment's
 * standing moves to what its newest event says, and the aggregates take the summed differences.
 * Keys are written in sorted order so two replicas' batches lock rows alike and never deadlock.
 */
export async function foldEvents(trx: Trx, events: EventEnvelope[]): Promise<void> {
  const byTime = [...events].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  const ids = [...new Set(byTime.map((e) => (e.data as { consignment?: { identifier?: string } }).consignment?.identifier).filter((i): i is string => !!i))];
  if (ids.length === 0) return;
  const before = await standings(trx, ids);
  const now = new Map<string, Standing>();
  for (const e of byTime) {
    const identifier = (e.data as { consignment?: { identifier?: string } }).consignment?.identifier;
    if (!identifier) continue;
    const id = keyOf(e.company, identifier);
    const next = nextStanding(now.get(id) ?? before.get(id), e);
    if (next) now.set(id, next);
  }
  if (now.size === 0) return;
  const deltas = new Deltas();
  for (const [id, next] of now) deltas.move(before.get(id), next);
  const rows = [...now.values()].sort((a, b) => a.identifier.localeCompare(b.identifier) || a.company.localeCompare(b.company));
  await trx.insertInto('dashboard_consignments').values(rows).onConflict((oc) => oc.columns(['company', 'identifier']).doUpdateSet((eb) => ({
    carrier: eb.ref('excluded.carrier'), status: eb.ref('excluded.status'), rejection_reason: eb.ref('excluded.rejection_reason'),
    order_number: eb.ref('excluded.order_number'), created_day: eb.ref('excluded.created_day'), expected_date: eb.ref('excluded.expected_date'),
    delivered_day: eb.ref('excluded.delivered_day'), as_of: eb.ref('excluded.as_of'),
  }))).execute();
  const daily = [...deltas.daily.values()].filter((d) => d.created || d.delivered || d.due_known || d.on_time)
    .sort((a, b) => `${a.company} ${a.day} ${a.carrier}`.localeCompare(`${b.company} ${b.day} ${b.carrier}`));
  if (daily.length > 0) {
    await trx.insertInto('dashboard_daily').values(daily).onConflict((oc) => oc.columns(['company', 'day', 'carrier']).doUpdateSet({
      created: sql`dashboard_daily.created + excluded.created`, delivered: sql`dashboard_daily.delivered + excluded.delivered`,
      due_known: sql`dashboard_daily.due_known + excluded.due_known`, on_time: sql`dashboard_daily.on_time + excluded.on_time`,
    })).execute();
  }
  const status = [...deltas.status.values()].filter((d) => d.n !== 0)
    .sort((a, b) => `${a.company} ${a.day} ${a.status}`.localeCompare(`${b.company} ${b.day} ${b.status}`));
  if (status.length > 0) {
    await trx.insertInto('dashboard_day_status').values(status).onConflict((oc) => oc.columns(['company', 'day', 'status']).doUpdateSet({
      n: sql`dashboard_day_status.n + excluded.n`,
    })).execute();
  }
}
