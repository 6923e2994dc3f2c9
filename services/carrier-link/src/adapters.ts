import { upsAdapter, type CarrierAdapter, type TokenCache } from '@waybill/carriers';
import { dhlExpressAdapter, royalMailAdapter } from '@waybill/carriers';

/**
 * The real carriers this deployment connects: one registration line per carrier. Each adapter brings
 * its services, its credential keys and its calls; nothing else here knows any carrier.
 */
export function carrierAdapters(o: { tokens?: TokenCache; trackingBaseUrl: string; env?: Record<string, string | undefined> }): Map<string, CarrierAdapter> {
  const adapters = [upsAdapter({ tokens: o.tokens, trackingBaseUrl: o.trackingBaseUrl, env: o.env })];
  adapters.push(royalMailAdapter({ trackingBaseUrl: o.trackingBaseUrl, env: o.env }));
  adapters.push(dhlExpressAdapter({ trackingBaseUrl: o.trackingBaseUrl, env: o.env }));
  return new Map(adapters.map((a) => [a.identifier, a]));
}
