import { HttpError, type ServiceClient } from '@waybill/http';
import type { Address, Contact } from '@waybill/carriers';

export interface CollectionWarehouse {
  identifier: string;
  timezone: string;
  address: Address;
}

/** Asks the consignment service, which owns warehouses, for the company's warehouses. */
export interface WarehouseLookup {
  list(company: string): Promise<CollectionWarehouse[]>;
  /** The company's sender contact (the documents service's settings), which real carriers' pickups need; null when unknown. */
  contact?(company: string): Promise<Contact | null>;
}

export function warehouseLookup(client: ServiceClient, peers: Record<string, string>): WarehouseLookup {
  return {
    async list(company) {
      if (!peers.consignment) throw new HttpError(503, 'The warehouses cannot be read from here (no consignment service configured).');
      const res = await client.request('consignment', 'GET', `/companies/${encodeURIComponent(company)}/warehouses`, { company, principal: 'service:carrier-link' });
      if (res.status !== 200) throw new HttpError(503, `The consignment service could not list the warehouses (${res.status}); try again shortly.`, {}, { 'Retry-After': '5' });
      return res.body as CollectionWarehouse[];
    },
    async contact(company) {
      if (!peers.documents) return null;
      const res = await client.request<{ phone: string | null; email: string | null }>('documents', 'GET', `/companies/${encodeURIComponent(company)}/sender-contact`,
        { company, principal: 'service:carrier-link' }, undefined, 5000).catch(() => undefined);
      return res?.status === 200 ? { phone: res.body.phone, email: res.body.email } : null;
    },
  };
}
