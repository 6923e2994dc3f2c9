import { LinkedCarrier } from '@waybill/carrier-link-client';
import { hasCapability, type Carrier } from '@waybill/carrier-model';
import { HttpError, InvalidError } from '@waybill/http';
import { newEnvelope, writeEvents } from '@waybill/messaging';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { ConsignmentEvents } from '../consignments/consignment.events';
import { toApi } from '../consignments/consignment.mapper';
import { warehouseId } from '../companies/company.context';
import { describeProblems, findProblems } from './manifest-claim.checks';
import type { ManifestClaim } from '@waybill/contracts';
import { toClaimResult } from './manifest-claim.mapper';
import { findClaimed, lockAccountConsignments, lockForClaim, markManifested, recordStatuses, type ManifestingAccount } from './manifest-claim.repository';
import { parseClaimRequest } from './manifest-claim.request';

/**
 * The account a carrier reached through carrier-link manifests through (the company's enabled account with
 * it, as carrier-link described it); null for a carrier without accounts, whose manifest covers the carrier.
 */
function manifestingAccount(carrier: Carrier): ManifestingAccount | null {
  if (!(carrier instanceof LinkedCarrier) || carrier.withoutAccount) return null;
  // Described carriers always name their account; one that did not would sweep no booked consignment.
  return { id: carrier.account ?? '', sole: carrier.soleAccount };
}

/**
 * Moves every consignment of a manifest to Manifested in one transaction, or none of them. The rows are
 * locked while they are checked, so of two manifests sharing a consignment exactly one gets it. A claim
 * repeated under the same manifest id (the manifest service retrying after a crash) answers the same.
 */
export async function claimForManifest(deps: ConsignmentDeps, company: string, body: unknown): Promise<ManifestClaim> {
  const req = parseClaimRequest(body);
  // Read afresh, not from the few seconds' cache: a whole-account manifest sweeps in what the company's
  // current account booked, and a manifest made just after the account was replaced goes through the new one.
  deps.companies.invalidate(company);
  const ctx = await deps.companies.get(company);
  let changed = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    const already = await findClaimed(trx, company, req.manifestId);
    const carrier = ctx.carrier(req.carrierId) ?? (already.length ? ctx.bookedBy(req.carrierId, already[0].service_id?.split('|')[0]) : undefined);
    const warehouse = ctx.warehouse(req.warehouseId);
    if (!carrier) throw InvalidError.field('carrier_id', `carrier "${req.carrierId}" not found.`);
    if (!warehouse) throw InvalidError.field('warehouse_id', `warehouse "${req.warehouseId}" not found.`);
    if (!hasCapability(carrier.capabilities.supports, 'manifest')) throw InvalidError.field('carrier_id', `${carrier.name} takes no manifests (its capabilities do not include "manifest").`);
    if (already.length) return toClaimResult(req.manifestId, carrier, warehouse, req.identifiers, already);

    const rows = await lockForClaim(trx, company, req.identifiers);
    const problems = findProblems(rows, { manifestId: req.manifestId, carrier, warehouseId: warehouseId(warehouse), identifiers: req.identifiers });
    if (problems.length) {
      const { detail, errors } = describeProblems(problems);
      throw new HttpError(400, detail, { errors });
    }
    // The carrier will manifest every labelled consignment of the account: Waybill says so too (docs/api/manifests.md),
    // for the account manifesting only (a carrier reached through carrier-link says which one that is).
    const others = carrier.capabilities.manifestScope === 'account'
      ? await lockAccountConsignments(trx, company, carrier.identifier, req.identifiers, manifestingAccount(carrier)) : [];
    const claimed = [...req.identifiers, ...others.map((r) => r.identifier)];
    const before = new Map([...rows, ...others].map((r) => [r.identifier, r.status]));
    const updated = await markManifested(trx, company, claimed, req.manifestId);
    await recordStatuses(trx, company, updated, `manifest ${req.manifestId}`);
    await writeEvents(trx, updated.map((u) => newEnvelope(ConsignmentEvents.statusChanged, company, {
      consignment: toApi(u, ctx.names, ctx.settings.extraCustomFields), from: before.get(u.identifier), to: 'Manifested',
    })));
    changed = true;
    return toClaimResult(req.manifestId, carrier, warehouse, req.identifiers, updated);
  });
  if (changed) deps.afterCommit();
  return result;
}
