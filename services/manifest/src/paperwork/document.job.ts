import { CarrierRejection, type ManifestRequest } from '@waybill/carrier-model';
import { PermanentJobError, type Job } from '@waybill/jobs';
import { processCounter } from '@waybill/telemetry';
import type { ManifestDeps } from '../manifests/manifest.deps';
import type { ManifestClaim } from '@waybill/contracts';
import { findById, saveCarrierReference, storeDocument, touch } from '../manifests/manifest.repository';
import { failManifest } from '../manifests/manifest.failure';
import { renderManifestPdf } from './manifest-pdf';
import { localDate } from './manifest-format';

// Per process: summed over the replicas, each manifest should count once (jobs are deduplicated by id).
const carrierCalls = processCounter('waybill_manifest_carrier_calls_total', 'Manifests this process sent to a carrier, by carrier', ['carrier']);
const documentsGenerated = processCounter('waybill_manifest_documents_generated_total', 'Manifest documents this process rendered and stored', []);

export interface GenerateJobData {
  manifest_id: string;
}

function carrierRequest(company: string, manifestId: string, createdAt: Date, claim: ManifestClaim): ManifestRequest {
  return {
    company, manifestId, origin: claim.warehouse.address, collectionDate: localDate(createdAt, claim.warehouse.timezone),
    consignments: claim.consignments.map((c) => ({
      consignmentNumber: c.consignment_number, trackingNumbers: c.tracking_numbers, destination: c.recipient,
      parcelCount: c.package_count, weightKg: c.weight_kg,
    })),
  };
}

/** Pages of a PDF the carrier made, counted from its page objects. */
function pdfPages(pdf: Buffer): number {
  return Math.max(1, (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length);
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
    const { identifier, name } = m.claim.carrier;
    // Every carrier is reached through carrier-link, which answers a repeated submission from its record.
    if (!deps.carriers.deployed) throw new PermanentJobError(`Carrier ${identifier} is not available in this deployment.`);
    const carrier = deps.carriers.booked(m.company, identifier, name);
    carrierCalls.inc({ carrier: carrier.identifier });
    let answer;
    try {
      answer = await carrier.manifest(carrierRequest(m.company, m.id, createdAt, m.claim));
    } catch (err) {
      if (err instanceof CarrierRejection) throw new PermanentJobError(`${carrier.name} refused the manifest: ${err.reason}.`);
      throw err;
    }
    reference = answer.reference;
    if (answer.document) {
      // The carrier's own manifest (Royal Mail's) is the document the driver signs: stored as it came,
      // before the reference, so a retry after a crash between the two asks the carrier (idempotent) again.
      await storeDocument(deps.db, m.id, answer.document, pdfPages(answer.document));
      await saveCarrierReference(deps.db, m.id, reference);
      documentsGenerated.inc();
      deps.logger.info({ manifest_id: m.id, consignments: m.claim.consignments.length }, 'carrier manifest document stored');
      return;
    }
    await saveCarrierReference(deps.db, m.id, reference);
  }
  const { pdf, pages } = await renderManifestPdf({ manifestId: m.id, company: m.company, createdAt, carrierReference: reference, claim: m.claim });
  await storeDocument(deps.db, m.id, pdf, pages);
  documentsGenerated.inc();
  deps.logger.info({ manifest_id: m.id, pages, consignments: m.claim.consignments.length }, 'manifest document ready');
}

/** A job that failed for good leaves the reason for GET .../documents to answer with (409), and announces it. */
export async function recordGenerationFailure(deps: ManifestDeps, job: Job, error: Error): Promise<void> {
  const { manifest_id } = job.data as GenerateJobData;
  const reason = error instanceof PermanentJobError
    ? error.message
    : `The manifest document could not be generated after ${job.attempt} attempts: ${error.message}`;
  await failManifest(deps, manifest_id, reason);
}
