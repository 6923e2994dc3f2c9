import { HttpError } from '@waybill/http';
import { Queues } from '@waybill/jobs';
import type { ManifestDeps } from './manifest.deps';
import type { ClaimOrder } from './consignment-claims.client';
import type { ManifestClaim } from '@waybill/contracts';
import { deleteClaiming, markGenerating } from './manifest.repository';

export const GENERATE_JOB = 'generate';

/** One job per manifest (deduplicated by its id), retried with backoff when the carrier or the writer fails. */
export async function enqueueGeneration(deps: ManifestDeps, manifestId: string): Promise<void> {
  await deps.jobs.enqueue(Queues.manifestDocuments, GENERATE_JOB, { manifest_id: manifestId }, { jobId: manifestId, ...deps.generation });
}

/**
 * Has the consignment service claim the manifest's consignments, then starts document generation.
 * Refused: the manifest row goes (nothing was manifested) and the refusal is the client's 400. No
 * answer: the row stays `claiming` and the sweeper drives it again later.
 */
export async function driveClaim(deps: ManifestDeps, order: ClaimOrder): Promise<ManifestClaim> {
  let outcome;
  try {
    outcome = await deps.consignments.claim(order);
  } catch (err) {
    deps.logger.warn({ err, manifest_id: order.id }, 'manifest claim got no answer; the sweeper will drive it again');
    throw new HttpError(503, `Manifest ${order.id} could not be confirmed yet; it will be completed or discarded automatically. `
      + `Retry with the same Idempotency-Key, or GET /manifest/${order.id}/documents (404 means it was discarded).`, {}, { 'Retry-After': '30' });
  }
  if (!outcome.ok) {
    await deleteClaiming(deps.db, order.id);
    throw new HttpError(400, outcome.detail, { errors: outcome.errors });
  }
  await markGenerating(deps.db, order.id, outcome.claim);
  try {
    await enqueueGeneration(deps, order.id);
  } catch (err) {
    // The manifest exists either way; the sweeper enqueues generating manifests whose job went missing.
    deps.logger.warn({ err, manifest_id: order.id }, 'could not enqueue manifest generation; the sweeper will');
  }
  return outcome.claim;
}
