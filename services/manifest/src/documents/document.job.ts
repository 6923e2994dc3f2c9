import { CarrierRejection, type ManifestRequest } from '@waybill/carriers';
import { PermanentJobError, type Job } from '@waybill/jobs';
import type { ManifestDeps } from '../manifests/manifest.deps';
import type { ClaimResult } from '../manifests/claim.types';
import { findById, markFailed, saveCarrierReference, storeDocument, touch } from '../manifests/manifest.repository';
import { renderManifestPdf } from './manifest-pdf';
import { localDate } from './manifest-format';

export interface GenerateJobData {
  manifest_id: string;
}

function carrierRequest(company: string, manifestId: string, createdAt: Date, claim: ClaimResult): ManifestRequest {
  return {
    company, manifestId, origin: claim.warehouse.address, collectionDate: localDate(createdAt, claim.warehouse.timezone),
    consignments: claim.consignments.map((c) => ({
      consignmentNumber: c.consignment_number, trackingNumbers: c.tracking_numbers, destination: c.recipient,
      parcelCount: c.package_count, weightKg: c.weight_kg,
    })),
  };
}

/**
 * Tells the carrier of the manifest, then writes its document. Each step is idempotent (the carrier
 * reference is kept once received; the carrier answers the same reference for the same manifest id), so
 * a retry or a second run after a crash redoes only what is missing.
 */
export async function generateManifest(deps: ManifestDeps, job: Job<GenerateJobData>): Promise<void> {
  const m = await findById(deps.db, job.data.manifest_id);
  if (!m || m.state !== 'generating' || !m.claim) return;
  await touch(deps.db, m.id);
  const createdAt = new Date(m.created_at);
  let reference = m.carrier_reference;
  if (!reference) {
    const carrier = deps.registry.find(m.claim.carrier.identifier);
    if (!carrier) throw new PermanentJobError(`Carrier ${m.claim.carrier.identifier} is not available in this deployment.`);
    try {
      reference = (await carrier.manifest(carrierRequest(m.company, m.id, createdAt, m.claim))).reference;
    } catch (err) {
      if (err instanceof CarrierRejection) throw new PermanentJobError(`${carrier.name} refused the manifest: ${err.reason}.`);
      throw err;
    }
    await saveCarrierReference(deps.db, m.id, reference);
  }
  const { pdf, pages } = await renderManifestPdf({ manifestId: m.id, company: m.company, createdAt, carrierReference: reference, claim: m.claim });
  await storeDocument(deps.db, m.id, pdf, pages);
  deps.logger.info({ manifest_id: m.id, pages, consignments: m.claim.consignments.length }, 'manifest document ready');
}

/** A job that failed for good leaves the reason for GET .../documents to answer with (409). */
export async function recordGenerationFailure(deps: ManifestDeps, job: Job, error: Error): Promise<void> {
  const { manifest_id } = job.data as GenerateJobData;
  const reason = error instanceof PermanentJobError
    ? error.message
    : `The manifest document could not be generated after ${job.attempt} attempts: ${error.message}`;
  await markFailed(deps.db, manifest_id, reason);
}
