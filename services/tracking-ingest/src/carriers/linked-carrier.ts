import type { CarrierAdapter, ProofOfDeliveryDocument, ProofOfDeliveryRequest } from '@waybill/carriers';
import type { ServiceClient } from '@waybill/http';
import type { TrackedCarrier } from './tracked-carrier';

interface PodAnswer {
  documents?: Array<{ content: string; file_type: ProofOfDeliveryDocument['file_type']; proof_of_delivery_type: ProofOfDeliveryDocument['proof_of_delivery_type']; package_tracking_number?: string | null }>;
  detail?: string;
}

const enc = encodeURIComponent;

/**
 * A real carrier as this service sees it: what its adapter declares without an account, and its proof
 * of delivery fetched by carrier-link through the account that booked the parcel. A carrier-link that
 * cannot answer now throws, so the proof-of-delivery job retries; a booking it does not know has none.
 */
export function linkedCarrier(adapter: CarrierAdapter, carrierLink: ServiceClient): TrackedCarrier {
  return {
    identifier: adapter.identifier,
    name: adapter.name,
    services: adapter.services,
    trackingCodes: adapter.tracking?.trackingCodes ?? {},
    parseTrackingPush: (body) => adapter.tracking?.parseTrackingPush(body) ?? null,
    pushesWithOAuth: adapter.pushesWithOAuth,
    async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
      if (!req.company || !req.consignmentIdentifier) throw new Error(`${adapter.name} proof of delivery needs the parcel's company and consignment`);
      const path = `/companies/${enc(req.company)}/carrier-bookings/${enc(req.consignmentIdentifier)}/proof-of-delivery?tracking_number=${enc(req.trackingNumber)}`;
      const res = await carrierLink.request<PodAnswer>('carrier-link', 'GET', path, { company: req.company, principal: 'service:tracking-ingest' }, undefined, 60_000);
      if (res.status === 404) return [];
      if (res.status !== 200 || !Array.isArray(res.body?.documents)) throw new Error(`carrier-link answered ${res.status}: ${res.body?.detail ?? 'no documents'}`);
      return res.body.documents.map((d) => ({
        bytes: Buffer.from(d.content, 'base64'), file_type: d.file_type, proof_of_delivery_type: d.proof_of_delivery_type,
        ...(d.package_tracking_number ? { package_tracking_number: d.package_tracking_number } : {}),
      }));
    },
  };
}
