import type { CarrierAccountContext, CarrierAdapter } from '../accounts';
import { carrierClient } from '../outbound';
import { MyDhl } from './dhl.calls';
import { adapterOf } from '../kit/real-carrier';
import { DHL_PROFILE, DhlExpressCarrier } from './dhl.carrier';
import { DHL_CLIENT_PROFILE } from './dhl.profile';

export interface DhlExpressAdapterDeps {
  /** Base of Waybill's public tracking pages. */
  trackingBaseUrl?: string;
  env?: Record<string, string | undefined>;
}

/** The DHL Express integration: a DhlExpressCarrier per account, sharing the carrier's breaker and pacing. */
export function dhlExpressAdapter(deps: DhlExpressAdapterDeps = {}): CarrierAdapter {
  const trackingBaseUrl = deps.trackingBaseUrl ?? 'http://localhost:8080';
  return {
    ...adapterOf(DHL_PROFILE),
    forAccount(account: CarrierAccountContext) {
      return new DhlExpressCarrier(account, new MyDhl(carrierClient(DHL_CLIENT_PROFILE, account, deps.env), account), trackingBaseUrl);
    },
  };
}
