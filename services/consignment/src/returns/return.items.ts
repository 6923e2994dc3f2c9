import { InvalidError } from '@waybill/http';
import type { ConsignmentData } from '../consignments/consignment.table';

type Json = Record<string, unknown>;

/** One line of a return as stored and shown (`return_items`) and as the return_created webhook lists it. */
export interface ReturnedItem {
  sku: string | null;
  name: string | null;
  quantity: number;
  reason: string | null;
}

/** What a return asks for, as the body gives it (contracts/api/return-input.json). */
export interface RequestedItem {
  sku?: string;
  name?: string;
  quantity: number;
  reason?: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** An item is known by its SKU where it has one, else by its name. */
const keyOf = (sku: string | null, name: string | null): string => (sku !== null ? `sku:${sku}` : `name:${(name ?? '').toLowerCase()}`);

/** The outbound's items, quantities added up per SKU (or name). */
export function shippedItems(data: ConsignmentData): Map<string, { sku: string | null; name: string | null; quantity: number }> {
  const out = new Map<string, { sku: string | null; name: string | null; quantity: number }>();
  for (const p of data.packages ?? []) {
    for (const it of (p.items as Json[] | null | undefined) ?? []) {
      const sku = text(it.sku);
      const name = text(it.name);
      const key = keyOf(sku, name);
      const had = out.get(key);
      out.set(key, { sku, name, quantity: (had?.quantity ?? 0) + Math.max(0, Number(it.quantity ?? 1)) });
    }
  }
  return out;
}

/**
 * The lines of a new return (docs/api/returns.md#items): those asked for, each matched to an item of the
 * outbound by SKU or name and at most what was shipped less what earlier returns took; without a list,
 * everything not returned yet. Throws InvalidError naming the item.
 */
export function returnLines(outbound: ConsignmentData, earlier: readonly ReturnedItem[], asked: RequestedItem[] | null | undefined, reason: string | null): ReturnedItem[] {
  const shipped = shippedItems(outbound);
  const left = new Map([...shipped].map(([k, v]) => [k, v.quantity]));
  for (const e of earlier) {
    const k = keyOf(e.sku, e.name);
    if (left.has(k)) left.set(k, left.get(k)! - e.quantity);
  }
  if (!asked || asked.length === 0) {
    const all = [...shipped].filter(([k]) => left.get(k)! > 0).map(([k, v]) => ({ sku: v.sku, name: v.name, quantity: left.get(k)!, reason }));
    if (shipped.size > 0 && all.length === 0) throw InvalidError.field('items', 'Every item of this consignment has been returned already.');
    return all;
  }
  const errors: Record<string, string[]> = {};
  const lines: ReturnedItem[] = [];
  asked.forEach((a, i) => {
    const sku = text(a.sku);
    const name = text(a.name);
    const label = sku ?? name;
    if (label === null) {
      errors[`items.${i}`] = ['Give the item\'s sku or name.'];
      return;
    }
    const key = sku !== null ? keyOf(sku, null) : [...shipped].find(([, v]) => v.name?.toLowerCase() === name!.toLowerCase())?.[0];
    const item = key === undefined ? undefined : shipped.get(key);
    if (!item || key === undefined) {
      errors[`items.${i}`] = [`"${label}" is not an item of this consignment.`];
      return;
    }
    const remaining = left.get(key)!;
    if (a.quantity > remaining) {
      errors[`items.${i}`] = [`"${label}": ${a.quantity} asked for, but ${item.quantity} shipped and ${remaining} not returned yet.`];
      return;
    }
    left.set(key, remaining - a.quantity);
    lines.push({ sku: item.sku, name: item.name, quantity: a.quantity, reason: text(a.reason) ?? reason });
  });
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return lines;
}

/**
 * The return's packages: the outbound's packages that hold a returned item, each with only what comes back;
 * all of them (as shipped, items and all) when the outbound listed no items. Tracking numbers are the return's own.
 */
export function returnPackages(outbound: ConsignmentData, lines: readonly ReturnedItem[]): Array<Record<string, unknown>> {
  const packages: Json[] = (outbound.packages ?? []).map((p) => ({ ...p, tracking_number: null }));
  if (lines.length === 0) return packages;
  const wanted = new Map(lines.map((l) => [keyOf(l.sku, l.name), l.quantity]));
  const out: Array<Record<string, unknown>> = [];
  for (const p of packages) {
    const items: Json[] = [];
    for (const it of (p.items as Json[] | null | undefined) ?? []) {
      const k = keyOf(text(it.sku), text(it.name));
      const take = Math.min(wanted.get(k) ?? 0, Number(it.quantity ?? 1));
      if (take <= 0) continue;
      wanted.set(k, wanted.get(k)! - take);
      items.push({ ...it, quantity: take });
    }
    if (items.length > 0) out.push({ ...p, items });
  }
  return out.length > 0 ? out : packages;
}

/** Whether the given returns' lines together take back more of some item than the outbound shipped. */
export function overReturned(outbound: ConsignmentData, lines: readonly ReturnedItem[]): boolean {
  const shipped = shippedItems(outbound);
  const taken = new Map<string, number>();
  for (const l of lines) taken.set(keyOf(l.sku, l.name), (taken.get(keyOf(l.sku, l.name)) ?? 0) + l.quantity);
  return [...taken].some(([k, n]) => shipped.has(k) && n > shipped.get(k)!.quantity);
}
