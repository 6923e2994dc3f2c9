import type { CarrierAccountContext, CarrierAdapter } from '../accounts';
import { carrierClient } from '../outbound';
import { MyDhl } from './dhl.calls';
import { DhlExpressCarrier } from './dhl.carrier';
import { DHL_TRACKING_CODES } from './dhl.tracking';
import { DHL_CAPABILITIES, DHL_CLIENT_PROFILE, DHL_CREDENTIAL_KEYS, DHL_IDENTIFIER, DHL_NAME, DHL_SERVICES } from './dhl.profile';

export interface DhlExpressAdapterDeps {
  /** Base of Waybill's public tracking pages. */
  trackingBaseUrl?: string;
  env?: Record<string, string | undefined>;
}

/** The DHL Express integration: a DhlExpressCarrier per account, sharing the carrier's breaker and pacing. */
export function dhlExpressAdapter(deps: DhlExpressAdapterDeps = {}): CarrierAdapter {
  const trackingBaseUrl = deps.trackingBaseUrl ?? 'http://localhost:8080';
  return {
    identifier: DHL_IDENTIFIER,
    name: DHL_NAME,
    services: DHL_SERVICES,
    capabilities: DHL_CAPABILITIES,
    credentialKeys: DHL_CREDENTIAL_KEYS,
    bookingLabelFormats: ['pdf', 'zpl'],
    tracking: { trackingCodes: DHL_TRACKING_CODES, parseTrackingPush: () => null },
    forAccount(account: CarrierAccountContext) {
      return new DhlExpressCarrier(account, new MyDhl(carrierClient(DHL_CLIENT_PROFILE, account, deps.env), account), trackingBaseUrl);
    },
  };
}
