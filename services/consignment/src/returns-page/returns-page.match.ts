import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentRow } from '../consignments/consignment.table';
import type { ReturnsPolicy } from '../returns/returns-policy';
import { shippedItems, type ReturnedItem } from '../returns/return.items';

type Json = Record<string, unknown>;

/** Statuses of an outbound the recipient may return from: it has left with the carrier. */
export const RETURNABLE_STATUSES = ['Despatched', 'Delivered'] as const;

/** Postcodes compared as people type them: case and spaces do not matter. */
export function normalisePostcode(v: unknown): string {
  return typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : '';
}

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Equal in constant time (digests of equal length), so a near miss takes as long as a far one. */
export function samePostcode(given: unknown, stored: unknown): boolean {
  const a = normalisePostcode(given);
  const b = normalisePostcode(stored);
  return timingSafeEqual(digest(a), digest(b)) && a !== '';
}

const addressOf = (row: Pick<ConsignmentRow, 'data'>) => (((row.data.recipient as Json | undefined)?.address ?? {}) as Json);

/** Whether the policy lets the outbound be returned at `now`: enabled, its country allowed, within the window since it was delivered (or despatched). */
export function policyAllows(policy: ReturnsPolicy, row: Pick<ConsignmentRow, 'status' | 'data' | 'tracked_at' | 'updated_at'>, now: Date): boolean {
  if (!policy.enabled || !(RETURNABLE_STATUSES as readonly string[]).includes(row.status)) return false;
  const country = String(addressOf(row).country ?? '').toUpperCase();
  if (!policy.countries.includes(country)) return false;
  const since = row.tracked_at ?? row.updated_at;
  return now.getTime() - new Date(since).getTime() <= policy.window_days * 86_400_000;
}

/**
 * The company's outbound with this order number whose recipient's postcode is this one and which the
 * policy lets be returned; undefined otherwise, whatever the reason (nothing about an order is told
 * before number and postcode match). Every candidate is compared, so the work does not depend on which
 * check fails.
 */
export async function matchOrder(db: Kysely<ConsignmentDb>, company: string, orderNumber: unknown, postcode: unknown, policy: ReturnsPolicy, now: Date): Promise<ConsignmentRow | undefined> {
  const order = typeof orderNumber === 'string' ? orderNumber.trim().slice(0, 100) : '';
  // Only what the checks need; and for an unknown order number, the company's newest outbound read the same way and
  // never matched, so an unknown order costs what a known one with a wrong postcode does.
  const candidates = db.selectFrom('consignments')
    .select(['identifier', 'status', 'tracked_at', 'updated_at', sql<Json>`jsonb_build_object('recipient', data->'recipient')`.as('data')])
    .where('company', '=', company).where('direction', '=', 'outbound').where('erased_at', 'is', null);
  const rows = await candidates.where('order_number', '=', order).orderBy('seq', 'desc').limit(20).execute();
  const decoy = rows.length === 0 ? await candidates.orderBy('seq', 'desc').limit(1).execute() : [];
  let found: string | undefined;
  for (const row of rows.length > 0 ? rows : decoy) {
    const same = samePostcode(postcode, addressOf(row as never).postcode) && rows.length > 0;
    if (same && !found && policyAllows(policy, row as never, now)) found = row.identifier;
  }
  return found === undefined ? undefined : db.selectFrom('consignments').selectAll().where('company', '=', company).where('identifier', '=', found).executeTakeFirst();
}

/** The outbound's items with what is left to return of each (shipped less what earlier returns took). */
export function remainingItems(row: Pick<ConsignmentRow, 'data'>, earlier: readonly ReturnedItem[]): Array<{ sku: string | null; name: string | null; quantity: number }> {
  const key = (sku: string | null, name: string | null) => (sku !== null ? `sku:${sku}` : `name:${(name ?? '').toLowerCase()}`);
  const shipped = shippedItems(row.data);
  for (const e of earlier) {
    const had = shipped.get(key(e.sku, e.name));
    if (had) had.quantity -= e.quantity;
  }
  return [...shipped.values()].filter((i) => i.quantity > 0);
}
