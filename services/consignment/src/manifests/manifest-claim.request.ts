import { InvalidError } from '@waybill/http';

export interface ClaimRequest {
  manifestId: string;
  carrierId: string;
  warehouseId: string;
  identifiers: string[];
}

const MANIFEST_ID = /^[0-9a-f]{32}$/;
/** The public limit (contracts ManifestInput) is 10,000; the internal endpoint accepts no more. */
const MAX_CONSIGNMENTS = 10_000;

/**
 * The internal claim body. The manifest service has already validated the public request against
 * contracts/api/manifest-input.json; this guards the endpoint against any other caller's mistakes.
 */
export function parseClaimRequest(body: unknown): ClaimRequest {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (typeof b.manifest_id !== 'string' || !MANIFEST_ID.test(b.manifest_id)) errors.manifest_id = ['Expected 32 lowercase hex characters.'];
  if (typeof b.carrier_id !== 'string' || b.carrier_id === '') errors.carrier_id = ['This field is required.'];
  if (typeof b.warehouse_id !== 'string' || b.warehouse_id === '') errors.warehouse_id = ['This field is required.'];
  const ids = b.consignment_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_CONSIGNMENTS || !ids.every((i) => typeof i === 'string' && i !== '')) {
    errors.consignment_ids = [`Expected 1 to ${MAX_CONSIGNMENTS} consignment identifiers.`];
  } else if (new Set(ids).size !== ids.length) {
    errors.consignment_ids = ['Each consignment may be listed once.'];
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { manifestId: b.manifest_id as string, carrierId: b.carrier_id as string, warehouseId: b.warehouse_id as string, identifiers: ids as string[] };
}
