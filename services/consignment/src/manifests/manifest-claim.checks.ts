import type { Carrier } from '@waybill/carrier-model';
import { isAllocated } from '../consignments/consignment.status';
import type { ClaimCheckRow } from './manifest-claim.repository';

/** What the claim is for: resolved from the request before any row is read. */
export interface ClaimTarget {
  manifestId: string;
  carrier: Carrier;
  warehouseId: string;
  identifiers: string[];
}

export interface ClaimProblem {
  index: number;
  identifier: string;
  reason: string;
}

/** Why one consignment cannot go on this manifest, or null when it can. */
function problemWith(row: ClaimCheckRow | undefined, t: ClaimTarget): string | null {
  // Another company's consignment is "not found" too: its existence is not ours to reveal.
  if (!row) return 'not found';
  if (row.status === 'Manifested') return row.manifest_id ? `already on manifest ${row.manifest_id}` : 'already manifested';
  if (!isAllocated(row.status)) return row.status === 'Unallocated' ? 'not allocated to a carrier' : `is ${row.status}`;
  if (row.carrier_id !== t.carrier.identifier) return `allocated to ${row.carrier_id}, not ${t.carrier.identifier}`;
  // A carrier that manifests the whole account takes its consignments from whichever warehouse.
  if (t.carrier.capabilities.manifestScope !== 'account' && row.warehouse_id !== t.warehouseId) return `ships from ${row.warehouse_id}, not ${t.warehouseId}`;
  return null;
}

/** Every consignment that cannot be manifested, in request order (all or nothing, so all are reported). */
export function findProblems(rows: ClaimCheckRow[], t: ClaimTarget): ClaimProblem[] {
  const byId = new Map(rows.map((r) => [r.identifier, r]));
  const problems: ClaimProblem[] = [];
  t.identifiers.forEach((identifier, index) => {
    const reason = problemWith(byId.get(identifier), t);
    if (reason) problems.push({ index, identifier, reason });
  });
  return problems;
}

/** Named in `detail` before it is cut short; `errors` always lists every one. */
const NAMED_IN_DETAIL = 50;

export function describeProblems(problems: ClaimProblem[]): { detail: string; errors: Record<string, string[]> } {
  const named = problems.slice(0, NAMED_IN_DETAIL).map((p) => `${p.identifier} (${p.reason})`).join(', ');
  const more = problems.length > NAMED_IN_DETAIL ? ` and ${problems.length - NAMED_IN_DETAIL} more (see errors)` : '';
  const noun = problems.length === 1 ? 'consignment cannot' : 'consignments cannot';
  return {
    detail: `consignment_ids: ${problems.length} ${noun} be manifested: ${named}${more}. Nothing was manifested.`,
    errors: Object.fromEntries(problems.map((p) => [`consignment_ids.${p.index}`, [`${p.identifier}: ${p.reason}.`]])),
  };
}
