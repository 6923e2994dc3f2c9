import { HttpError, type ServiceClient } from '@waybill/http';

/** Asks the consignment service, which owns consignments, whether one is the company's. */
export interface ConsignmentLookup {
  /** undefined when no consignment service is reachable from here (no peer configured). */
  exists(company: string, identifier: string): Promise<boolean | undefined>;
}

export function consignmentLookup(client: ServiceClient, peers: Record<string, string>): ConsignmentLookup {
  return {
    async exists(company, identifier) {
      if (!peers.consignment) return undefined;
      const res = await client.request('consignment', 'GET', `/companies/${encodeURIComponent(company)}/consignment/${encodeURIComponent(identifier)}`, { company, principal: 'service:carrier-link' });
      if (res.status === 200) return true;
      if (res.status === 404) return false;
      throw new HttpError(503, `The consignment service could not say whether the consignment exists (${res.status}); try again shortly.`, {}, { 'Retry-After': '5' });
    },
  };
}
