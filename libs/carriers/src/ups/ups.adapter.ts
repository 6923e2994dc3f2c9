import type { CarrierAccountContext, CarrierAdapter } from '../accounts';
import { carrierClient, MemoryTokenStore, TokenCache } from '../outbound';
import { decodeGif, rasterToPng } from '../images';
import { UpsAuth } from './ups.auth';
import { adapterOf } from '../kit/real-carrier';
import { UPS_PROFILE, UpsCarrier } from './ups.carrier';
import { UPS_CLIENT_PROFILE } from './ups.profile';

export interface UpsAdapterDeps {
  /** Shared token cache: Redis-backed in the distributed mode, in memory in the one-process mode. */
  tokens?: TokenCache;
  /** Base of Waybill's public tracking pages. */
  trackingBaseUrl?: string;
  env?: Record<string, string | undefined>;
}

/** The UPS integration: a UpsCarrier per carrier account, all sharing the token cache, breaker and pacing. */
export function upsAdapter(deps: UpsAdapterDeps = {}): CarrierAdapter {
  const tokens = deps.tokens ?? new TokenCache(new MemoryTokenStore());
  const trackingBaseUrl = deps.trackingBaseUrl ?? 'http://localhost:8080';
  return {
    ...adapterOf(UPS_PROFILE),
    pushesWithOAuth: true,
    forAccount(account: CarrierAccountContext) {
      const client = carrierClient(UPS_CLIENT_PROFILE, account, deps.env);
      return new UpsCarrier(account, new UpsAuth(client, tokens, account), trackingBaseUrl, (gif) => rasterToPng(decodeGif(gif)));
    },
  };
}
