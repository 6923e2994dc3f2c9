import { splitUrlList } from '@waybill/http';

/**
 * Every service of the platform: its port variable in the distributed mode and the variable other
 * processes use to reach it. The gateway, the launchers and the test stacks all read this one list.
 */
export interface ServiceEntry {
  name: string;
  portVar: string;
  urlVar: string;
  defaultPort: number;
}

export const SERVICE_CATALOGUE: readonly ServiceEntry[] = [
  { name: 'consignment', portVar: 'CONSIGNMENT_PORT', urlVar: 'CONSIGNMENT_URL', defaultPort: 7101 },
  { name: 'delivery-options', portVar: 'DELIVERY_OPTIONS_PORT', urlVar: 'DELIVERY_OPTIONS_URL', defaultPort: 7102 },
  { name: 'documents', portVar: 'DOCUMENTS_PORT', urlVar: 'DOCUMENTS_URL', defaultPort: 7103 },
  { name: 'manifest', portVar: 'MANIFEST_PORT', urlVar: 'MANIFEST_URL', defaultPort: 7104 },
  { name: 'tracking-ingest', portVar: 'TRACKING_INGEST_PORT', urlVar: 'TRACKING_INGEST_URL', defaultPort: 7105 },
  { name: 'webhook-dispatcher', portVar: 'WEBHOOK_DISPATCHER_PORT', urlVar: 'WEBHOOK_DISPATCHER_URL', defaultPort: 7106 },
  { name: 'carrier-link', portVar: 'CARRIER_LINK_PORT', urlVar: 'CARRIER_LINK_URL', defaultPort: 7107 },
  { name: 'notifications', portVar: 'NOTIFICATIONS_PORT', urlVar: 'NOTIFICATIONS_URL', defaultPort: 7108 },
];

export function catalogueEntry(name: string): ServiceEntry {
  const e = SERVICE_CATALOGUE.find((s) => s.name === name);
  if (!e) throw new Error(`unknown service ${name}`);
  return e;
}

/**
 * URLs of the services reachable from this process, from their `<NAME>_URL` variables: one base URL,
 * or a comma-separated list of a service's replicas (which callers take in turn, see `Replicas`).
 */
export function peersFromEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const peers: Record<string, string> = {};
  for (const s of SERVICE_CATALOGUE) {
    const urls = splitUrlList(env[s.urlVar] ?? '');
    if (urls.length > 0) peers[s.name] = urls.join(',');
  }
  return peers;
}
