import type { ServiceClient } from '@waybill/http';

/** A place as carrier-link's rating takes it. */
export interface RatingPlace { country: string; postcode?: string | null; city?: string | null; state?: string | null; address1?: string | null }

/** One carrier's live-rate question, as carrier-link's `POST /carrier-rates` takes it. */
export interface RatingQuestion {
  origin: RatingPlace;
  destination: RatingPlace;
  parcels: Array<{ weight_kg: number; length_cm?: number; width_cm?: number; height_cm?: number }>;
  /** Service names of the carrier. */
  services: string[];
  /** The warehouse's time zone (carriers that take a local tendering time). */
  origin_time_zone?: string;
}

export type RatingAnswer =
  | { rated: true; rates: Array<{ service: string; amount: string; currency: string }> }
  | { rated: false; reason: 'no_account' | 'not_supported' | 'refused' | string; detail: string };

/** How delivery-options asks a carrier for live prices; carriers are reached only through carrier-link. */
export interface CarrierRates {
  ask(company: string, carrier: string, question: RatingQuestion): Promise<RatingAnswer>;
}

/** How long one rating call may run at all: past the checkout's budget its answer still fills the cache. */
const CALL_TIMEOUT_MS = 10_000;

/** carrier-link's rating endpoint through the service client (internal JWT for audience `carrier-link`). */
export function carrierLinkRates(client: ServiceClient): CarrierRates {
  return {
    async ask(company, carrier, question) {
      const res = await client.request<RatingAnswer>('carrier-link', 'POST', `/companies/${encodeURIComponent(company)}/carrier-rates`,
        { company, principal: 'service:delivery-options' }, { carrier, request: question }, CALL_TIMEOUT_MS);
      if (res.status !== 200 || typeof res.body?.rated !== 'boolean') throw new Error(`carrier-link answered ${res.status} to carrier-rates`);
      return res.body;
    },
  };
}
