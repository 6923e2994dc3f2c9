import type { CarrierAdapter } from './accounts';
import type { TokenCache } from './outbound';
import { upsAdapter } from './ups';
import { royalMailAdapter } from './royalmail';
import { dhlExpressAdapter } from './dhl-express';

export interface RealCarrierOptions {
  /** Carrier access tokens shared by replicas. */
  tokens?: TokenCache;
  /** Base of Waybill's public tracking pages. */
  trackingBaseUrl: string;
  env?: Record<string, string | undefined>;
}

/**
 * The real carriers this deployment connects: one registration line per carrier. carrier-link binds
 * them to accounts; tracking-ingest reads only what they declare without one (names, services, code
 * tables, push bodies).
 */
export function realCarrierAdapters(o: RealCarrierOptions): CarrierAdapter[] {
  return [
    upsAdapter({ tokens: o.tokens, trackingBaseUrl: o.trackingBaseUrl, env: o.env }),
    royalMailAdapter({ trackingBaseUrl: o.trackingBaseUrl, env: o.env }),
    dhlExpressAdapter({ trackingBaseUrl: o.trackingBaseUrl, env: o.env }),
  ];
}
