import type { CarrierAccountContext, CarrierAdapter } from '../accounts';
import type { CarrierManifest } from '@waybill/carrier-model';
import { AccountRateLimiter, breakerOf, carrierBaseUrl, carrierClient, carrierTimeoutMs, CarrierHttpClient } from '../outbound';
import { ClickAndDrop, RoyalMailTracking } from './royalmail.calls';
import { adapterOf } from '../kit/real-carrier';
import { RM_PROFILE, RoyalMailCarrier } from './royalmail.carrier';
import { RM_CLIENT_PROFILE, RM_IDENTIFIER, RM_NAME, RM_TRACKING_HOSTS } from './royalmail.profile';

export interface RoyalMailAdapterDeps {
  /** Base of Waybill's public tracking pages. */
  trackingBaseUrl?: string;
  env?: Record<string, string | undefined>;
}

/**
 * The Royal Mail Click & Drop integration: a RoyalMailCarrier per account. Click & Drop and the tracking
 * API are separate services, so each has its own breaker (a tracking outage never stops bookings).
 */
export function royalMailAdapter(deps: RoyalMailAdapterDeps = {}): CarrierAdapter {
  const trackingBaseUrl = deps.trackingBaseUrl ?? 'http://localhost:8080';
  const manifests = new Map<string, CarrierManifest>();
  const trackingPace = new AccountRateLimiter({ perSecond: 5, burst: 5 });
  return {
    ...adapterOf(RM_PROFILE),
    forAccount(account: CarrierAccountContext) {
      const cd = new ClickAndDrop(carrierClient(RM_CLIENT_PROFILE, account, deps.env), account);
      const tracking = RoyalMailTracking.available(account) ? new RoyalMailTracking(new CarrierHttpClient({
        carrier: RM_IDENTIFIER, carrierName: `${RM_NAME} tracking`,
        baseUrl: carrierBaseUrl(RM_IDENTIFIER, RM_TRACKING_HOSTS, account.testMode, deps.env),
        timeoutMs: carrierTimeoutMs(deps.env), retry: { retries: 2, baseDelayMs: 250, maxDelayMs: 10_000 },
        breaker: breakerOf({ identifier: `${RM_IDENTIFIER}-tracking` }, deps.env), limiter: trackingPace,
      }), account) : undefined;
      return new RoyalMailCarrier(account, cd, tracking, trackingBaseUrl, manifests);
    },
  };
}
