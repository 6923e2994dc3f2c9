import type { CarrierAccountContext, CarrierAdapter } from '../accounts';
import { carrierClient, MemoryTokenStore, TokenCache } from '../outbound';
import { decodeGif, rasterToPng } from '../images';
import { UpsAuth } from './ups.auth';
import { UpsCarrier } from './ups.carrier';
import { parseTrackAlert, UPS_TRACKING_CODES } from './ups.tracking';
import { UPS_CAPABILITIES, UPS_CLIENT_PROFILE, UPS_CREDENTIAL_KEYS, UPS_IDENTIFIER, UPS_NAME, UPS_SERVICES } from './ups.profile';

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
    identifier: UPS_IDENTIFIER,
    name: UPS_NAME,
    services: UPS_SERVICES,
    capabilities: UPS_CAPABILITIES,
    credentialKeys: UPS_CREDENTIAL_KEYS,
    bookingLabelFormats: ['pdf', 'zpl'],
    pushesWithOAuth: true,
    tracking: { trackingCodes: UPS_TRACKING_CODES, parseTrackingPush: parseTrackAlert },
    forAccount(account: CarrierAccountContext) {
      const client = carrierClient(UPS_CLIENT_PROFILE, account, deps.env);
      return new UpsCarrier(account, new UpsAuth(client, tokens, account), trackingBaseUrl, (gif) => rasterToPng(decodeGif(gif)));
    },
  };
}
