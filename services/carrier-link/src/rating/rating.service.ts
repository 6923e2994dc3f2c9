import { CarrierRejection, ratesLive } from '@waybill/carriers';
import type { CarrierLinkDeps } from '../deps';
import { carrierOf, noAccountReason } from '../bookings/booking.service';
import { liveAccountOf } from '../bookings/booking.repository';
import { recordingCalls } from '../calls/call.scope';
import { ratingInput } from './rating.input';

export type RatingAnswer =
  | { rated: true; rates: Array<{ service: string; amount: string; currency: string }> }
  | { rated: false; reason: 'no_account' | 'not_supported' | 'refused'; detail: string };

/**
 * Asks the carrier of the company's enabled account for live prices (capability `rates`); read-only at
 * the carrier, recorded in the call log like every carrier call. No account, a carrier without a rating
 * API, or the carrier's refusal is an answer saying so (the caller falls back to its own prices); a
 * carrier that fails or does not answer is an error, which the caller's deadline covers anyway.
 */
export async function rateAtCarrier(deps: CarrierLinkDeps, company: string, body: unknown): Promise<RatingAnswer> {
  const { carrier, request } = ratingInput(body, company);
  const account = await liveAccountOf(deps.db, company, carrier);
  if (!account || !deps.adapters.has(carrier)) return { rated: false, reason: 'no_account', detail: noAccountReason(deps, carrier) };
  const bound = carrierOf(deps, account);
  if (!ratesLive(bound)) return { rated: false, reason: 'not_supported', detail: `${bound.name} has no live rating in Waybill` };
  try {
    const rates = await recordingCalls(deps, account, null, () => bound.rate(request));
    return { rated: true, rates: rates.map((r) => ({ service: r.serviceName, amount: r.amount, currency: r.currency })) };
  } catch (err) {
    if (!(err instanceof CarrierRejection)) throw err;
    return { rated: false, reason: 'refused', detail: err.named ? err.reason : `${bound.name}: ${err.reason}` };
  }
}
