import { ServiceClient } from '@waybill/http';
import { InternalTokenSigner } from '@waybill/internal-auth';

/** What the returns page shows of the company's tracking page branding (owned by tracking-ingest). */
export interface PageBranding { displayName: string; accentColour: string | null }

export interface BrandingSource { of(company: string): Promise<PageBranding> }

interface BrandingView { display_name: string | null; accent_colour: string | null }

/** Asks tracking-ingest (GET /companies/:company/tracking-page); the company's id and the default colour when it cannot say. */
export function brandingClient(peers: Record<string, string>, internalJwtSecret: string): BrandingSource {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  return {
    async of(company) {
      const plain = { displayName: company, accentColour: null };
      if (!peers['tracking-ingest']) return plain;
      try {
        const res = await client.request<BrandingView>('tracking-ingest', 'GET', `/companies/${encodeURIComponent(company)}/tracking-page`,
          { company, principal: 'service:consignment' }, undefined, 3000);
        return res.status === 200 ? { displayName: res.body.display_name ?? company, accentColour: res.body.accent_colour } : plain;
      } catch {
        return plain;
      }
    },
  };
}

export interface LabelSource { pdf(company: string, returnId: string): Promise<Buffer | null> }

/** The return's label from the documents service (GET /companies/:company/consignment/:id/documents); null when there is none. */
export function labelClient(peers: Record<string, string>, internalJwtSecret: string): LabelSource {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  return {
    async pdf(company, returnId) {
      if (!peers.documents) return null;
      const res = await client.request<{ labels?: string; label_format?: string }>('documents', 'GET',
        `/companies/${encodeURIComponent(company)}/consignment/${encodeURIComponent(returnId)}/documents`, { company, principal: 'service:consignment' }, undefined, 15000);
      if (res.status !== 200 || typeof res.body.labels !== 'string' || res.body.label_format !== 'application/pdf') return null;
      return Buffer.from(res.body.labels, 'base64');
    },
  };
}
