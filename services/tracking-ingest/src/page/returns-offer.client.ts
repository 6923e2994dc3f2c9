import { ServiceClient } from '@waybill/http';
import { InternalTokenSigner } from '@waybill/internal-auth';

/** Whether a delivered parcel may be returned through the returns page: the consignment service decides (it owns policy and returns). */
export interface ReturnsOffer { returnable(company: string, identifier: string): Promise<boolean> }

/** Asks the consignment service (GET /companies/:company/returns-page/offer/:identifier); no, when it cannot say within a second. */
export function returnsOfferClient(peers: Record<string, string>, internalJwtSecret: string): ReturnsOffer {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  return {
    async returnable(company, identifier) {
      if (!peers.consignment) return false;
      try {
        const res = await client.request<{ returnable?: boolean }>('consignment', 'GET',
          `/companies/${encodeURIComponent(company)}/returns-page/offer/${encodeURIComponent(identifier)}`, { company, principal: 'service:tracking-ingest' }, undefined, 1000);
        return res.status === 200 && res.body.returnable === true;
      } catch {
        return false;
      }
    },
  };
}
