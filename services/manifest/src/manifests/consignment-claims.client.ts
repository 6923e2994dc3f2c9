import type { ServiceClient } from '@waybill/http';
import { SchemaId, validate, type ManifestClaim } from '@waybill/contracts';

export type ClaimOutcome =
  | { ok: true; claim: ManifestClaim }
  | { ok: false; detail: string; errors: Record<string, string[]> };

export interface ClaimOrder {
  id: string;
  company: string;
  carrierId: string;
  warehouseId: string;
  consignmentIds: string[];
}

/** A claim of 10,000 consignments locks and updates them all in one transaction: give it time. */
const CLAIM_TIMEOUT_MS = 60_000;

/**
 * Asks the consignment service (the owner of consignment status) to move a manifest's consignments to
 * Manifested. A 400 is its verdict on the request; anything else is an outage, thrown, to be retried
 * under the same manifest id (the claim is idempotent per manifest).
 */
export class ConsignmentClaims {
  constructor(private readonly client: ServiceClient) {}

  async claim(o: ClaimOrder): Promise<ClaimOutcome> {
    const res = await this.client.request<Record<string, unknown>>('consignment', 'POST', `/companies/${encodeURIComponent(o.company)}/manifest-claims`,
      { company: o.company, principal: 'service:manifest' },
      { manifest_id: o.id, carrier_id: o.carrierId, warehouse_id: o.warehouseId, consignment_ids: o.consignmentIds },
      CLAIM_TIMEOUT_MS);
    if (res.status === 200) {
      // Checked against the contract both services share (contracts/api/manifest-claim.json) before it is stored.
      const checked = validate(SchemaId.ManifestClaim, res.body);
      if (!checked.ok) throw new Error(`consignment service answered the claim of manifest ${o.id} off contract: ${JSON.stringify(checked.errors).slice(0, 300)}`);
      return { ok: true, claim: res.body as unknown as ManifestClaim };
    }
    if (res.status === 400) return { ok: false, detail: String(res.body.detail), errors: (res.body.errors ?? {}) as Record<string, string[]> };
    throw new Error(`consignment service answered ${res.status} to the claim of manifest ${o.id}`);
  }
}

/** After this long without an answer a claim is considered lost, and the sweeper drives it again. */
export const CLAIM_STALE_MS = 2 * CLAIM_TIMEOUT_MS;
