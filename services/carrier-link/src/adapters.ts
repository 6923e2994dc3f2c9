import { realCarrierAdapters, type CarrierAdapter, type TokenCache } from '@waybill/carriers';

/**
 * The real carriers this deployment connects, by identifier (the list is `realCarrierAdapters` in the
 * carrier seam, which tracking-ingest reads too). Each adapter brings its services, its credential keys
 * and its calls; nothing else here knows any carrier.
 */
export function carrierAdapters(o: { tokens?: TokenCache; trackingBaseUrl: string; env?: Record<string, string | undefined> }): Map<string, CarrierAdapter> {
  return new Map(realCarrierAdapters(o).map((a) => [a.identifier, a]));
}
