import { ServiceClient } from '@waybill/http';
import type { OpenApiOptions } from '@waybill/contracts';
import type { InternalTokenSigner } from '@waybill/internal-auth';

export type CarrierDeclarations = NonNullable<OpenApiOptions['carriers']>;

/**
 * The account carriers' credential keys, from carrier-link (the one process that loads carrier adapters),
 * for the OpenAPI document; null when carrier-link does not answer (or this deployment has none).
 */
export function carrierDeclarations(peers: Record<string, string>, signer: InternalTokenSigner): () => Promise<CarrierDeclarations | null> {
  const client = new ServiceClient(peers, signer);
  return async () => {
    if (!peers['carrier-link']) return null;
    try {
      const res = await client.request<CarrierDeclarations>('carrier-link', 'GET', '/carrier-declarations', { company: '*', principal: 'service:gateway' }, undefined, 3000);
      return res.status === 200 && Array.isArray(res.body) ? res.body : null;
    } catch {
      return null;
    }
  };
}
