import { randomUUID } from 'node:crypto';
import type { ProofOfDeliveryDocument } from '@waybill/carrier-model';
import { EventType, type PodRetrievedData } from '@waybill/contracts';
import { PermanentJobError, Queues, type Job } from '@waybill/jobs';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { TrackingDeps } from '../deps';
import { cut } from '../ingest/push.reader';
import { POD_LINK_LIFETIME_MS } from './pod.url';
import { findPendingPod, insertPodDocuments, settlePodRequest } from './pod.repository';

export const POD_JOB = 'retrieve';
export interface PodJobData { parcel_id: number }

/** Carriers often publish proof of delivery some time after the delivery scan: retry for about three hours. */
export const POD_RETRY = { attempts: 10, backoffMs: 10_000 };

export async function enqueuePod(deps: Pick<TrackingDeps, 'jobs' | 'podRetry'>, parcelId: number): Promise<void> {
  await deps.jobs.enqueue<PodJobData>(Queues.proofOfDelivery, POD_JOB, { parcel_id: parcelId }, { jobId: `pod:${parcelId}`, ...deps.podRetry });
}

type PodContext = NonNullable<Awaited<ReturnType<typeof findPendingPod>>>;
type PodPayload = PodRetrievedData['documents'][number];

function payloadOf(deps: TrackingDeps, ctx: PodContext, id: string, doc: ProofOfDeliveryDocument, expiresAt: Date): PodPayload {
  const packageNumber = doc.package_tracking_number ? cut(doc.package_tracking_number, 50) : null;
  return {
    document_id: id,
    document_url: deps.podUrls.url(deps.publicUrl, id, expiresAt),
    file_type: doc.file_type,
    proof_of_delivery_type: doc.proof_of_delivery_type,
    consignment_identifier: ctx.consignment_identifier,
    order_number: cut(ctx.order_number, 255)!,
    ...(packageNumber ? { package_tracking_number: packageNumber } : {}),
    ...(ctx.package_reference ? { package_reference: cut(ctx.package_reference, 255)! } : {}),
    carrier: cut(ctx.carrier_name ?? ctx.carrier_id, 64)!,
    service_id: cut(ctx.service_id ?? '', 128)!,
  };
}

/**
 * Asks the carrier for a delivered parcel's proof of delivery, stores the documents and announces them
 * (tracking.pod.retrieved) in one transaction. Idempotent: a request already settled is left alone, so a
 * redelivered job or a second worker does nothing.
 */
export async function retrieveProofOfDelivery(deps: TrackingDeps, job: Job<PodJobData>): Promise<void> {
  const ctx = await findPendingPod(deps.db, job.data.parcel_id);
  if (!ctx) return;
  const carrier = deps.registry.find(ctx.carrier_id);
  if (!carrier) throw new PermanentJobError(`carrier ${ctx.carrier_id} is not known to this deployment`);
  const docs = await carrier.proofOfDelivery({
    trackingNumber: ctx.tracking_number, consignmentNumber: ctx.consignment_number, company: ctx.company, consignmentIdentifier: ctx.consignment_identifier,
  });
  const expiresAt = new Date(deps.now().getTime() + POD_LINK_LIFETIME_MS);
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (!await settlePodRequest(trx, ctx.id, docs.length ? 'done' : 'none', null) || docs.length === 0) return false;
    const rows = docs.map((doc) => ({ id: randomUUID(), doc }));
    await insertPodDocuments(trx, rows.map(({ id, doc }) => ({
      id, company: ctx.company, parcel_id: ctx.id, file_type: doc.file_type, proof_of_delivery_type: doc.proof_of_delivery_type,
      package_tracking_number: doc.package_tracking_number ?? null, content: doc.bytes, expires_at: expiresAt.toISOString(),
    })));
    const data: PodRetrievedData = { documents: rows.map(({ id, doc }) => payloadOf(deps, ctx, id, doc, expiresAt)) };
    await writeEvent(trx, newEnvelope(EventType.PodRetrieved, ctx.company, data));
    return true;
  });
  if (stored) deps.afterCommit();
}

/** Starts the worker; a request whose retries are exhausted is marked failed with the reason. */
export async function startPodWorker(deps: TrackingDeps): Promise<void> {
  await deps.jobs.work<PodJobData>(Queues.proofOfDelivery, (job) => retrieveProofOfDelivery(deps, job), {
    concurrency: 4,
    onFailed: async (job, error) => {
      await settlePodRequest(deps.db, (job.data as PodJobData).parcel_id, 'failed', error.message.slice(0, 500));
    },
  });
}
