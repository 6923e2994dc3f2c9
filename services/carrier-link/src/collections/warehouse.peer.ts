import { HttpError, type ServiceClient } from '@waybill/http';
import type { Address } from '@waybill/carriers';

export interface CollectionWarehouse {
  identifier: string;
  timezone: string;
  address: Address;
}

/** Asks the consignment service, which owns warehouses, for the company's warehouses. */
export interface WarehouseLookup {
  list(company: string): Promise<CollectionWarehouse[]>;
}

export function warehouseLookup(client: ServiceClient, peers: Record<string, string>): WarehouseLookup {
  return {
    async list(company) {
      if (!peers.consignment) throw new HttpError(503, 'The warehouses cannot be read from here (no consignment service configured).');
      const res = await client.request('consignment', 'GET', `/companies/${encodeURIComponent(company)}/warehouses`, { company, principal: 'service:carrier-link' });
      if (res.status !== 200) throw new HttpError(503, `The consignment service could not list the warehouses (${res.status}); try again shortly.`, {}, { 'Retry-After': '5' });
      return res.body as CollectionWarehouse[];
    },
  };
}
