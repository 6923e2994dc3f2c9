import { ServiceClient } from '@waybill/http';
import { InternalTokenSigner } from '@waybill/internal-auth';
import type { Contact } from '@waybill/carrier-model';

/** The company's sender contact (phone, e-mail, EORI), owned by the documents service's settings. */
export interface SenderContacts {
  of(company: string): Promise<Contact | null>;
}

interface ContactView { phone: string | null; email: string | null; eori: string | null }

/** Asks the documents service (GET /companies/:company/sender-contact); null when it cannot say just now. */
export function senderContactsClient(peers: Record<string, string>, internalJwtSecret: string): SenderContacts {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  return {
    async of(company) {
      if (!peers.documents) return null;
      try {
        const res = await client.request<ContactView>('documents', 'GET', `/companies/${encodeURIComponent(company)}/sender-contact`,
          { company, principal: 'service:consignment' }, undefined, 5000);
        return res.status === 200 ? { phone: res.body.phone, email: res.body.email, taxId: res.body.eori } : null;
      } catch {
        return null;
      }
    },
  };
}
