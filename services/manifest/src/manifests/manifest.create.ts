import { createHash, randomUUID } from 'node:crypto';
import { ConflictError, InvalidError } from '@waybill/http';
import { SchemaId, validate } from '@waybill/contracts';
import { isUniqueViolation } from '@waybill/db';
import type { ManifestDeps } from './manifest.deps';
import { driveClaim } from './manifest.claim';
import { findById, findState, insertClaiming } from './manifest.repository';
import type { ManifestClaim } from '@waybill/contracts';

interface ManifestInput {
  consignment_ids: string[];
  carrier_id: string;
  warehouse_id: string;
}

function duplicatesOf(ids: unknown): string[] {
  if (!Array.isArray(ids)) return [];
  const seen = new Set<unknown>();
  return [...new Set(ids.filter((id) => seen.has(id) || !seen.add(id)))].map(String);
}

/** Validates against contracts/api/manifest-input.json; a repeated id is named rather than reported as "not unique". */
export function parseManifestInput(body: unknown): ManifestInput {
  const result = validate(SchemaId.ManifestInput, body);
  if (result.ok) return body as ManifestInput;
  const errors = { ...result.errors };
  const dupes = duplicatesOf((body as { consignment_ids?: unknown } | null)?.consignment_ids);
  if (dupes.length && errors.consignment_ids) errors.consignment_ids = [`Listed more than once: ${dupes.join(', ')}.`];
  throw new InvalidError(errors);
}

/** With an Idempotency-Key the id is derived from it, so a retry finds the manifest its first attempt made. */
function manifestIdFor(company: string, key: string | undefined): string {
  if (!key) return randomUUID().replace(/-/g, '');
  return createHash('sha256').update(`manifest\u0000${company}\u0000${key}`).digest('hex').slice(0, 32);
}

export interface CreatedManifest {
  identifier: string;
  replayed: boolean;
  /** Every consignment manifested, when the carrier manifests the whole account (docs/api/manifests.md). */
  consignmentIds?: string[];
}

/** A carrier that manifests the whole account took more than the request named: the answer lists them all. */
function createdFrom(identifier: string, replayed: boolean, claim: ManifestClaim | null | undefined): CreatedManifest {
  if (claim?.scope !== 'account') return { identifier, replayed };
  return { identifier, replayed, consignmentIds: claim.consignments.map((c) => c.identifier) };
}

export async function createManifest(deps: ManifestDeps, company: string, body: unknown, key?: string): Promise<CreatedManifest> {
  const input = parseManifestInput(body);
  const requestHash = createHash('sha256').update(JSON.stringify([input.consignment_ids, input.carrier_id, input.warehouse_id])).digest('hex');
  const id = manifestIdFor(company, key);
  const order = { id, company, carrierId: input.carrier_id, warehouseId: input.warehouse_id, consignmentIds: input.consignment_ids };
  try {
    await insertClaiming(deps.db, { ...order, idempotencyKey: key ?? null, requestHash });
  } catch (err) {
    if (!key || !isUniqueViolation(err)) throw err;
    const existing = await findState(deps.db, company, id);
    if (!existing) throw new ConflictError('A request with this Idempotency-Key was being processed and was refused; send it again.');
    if (existing.request_hash !== requestHash) throw new ConflictError('This Idempotency-Key was already used with a different request body.');
    if (existing.state !== 'claiming') return createdFrom(id, true, (await findById(deps.db, id))?.claim);
    // The first request under this key is still claiming, or died while claiming: claiming again is safe.
  }
  return createdFrom(id, false, await driveClaim(deps, order));
}
