import { InternalTokenSigner } from '@waybill/internal-auth';
import { ServiceClient } from '@waybill/http';

/** How the company's tracking page looks (its owner is tracking-ingest); e-mails wear the same. */
export interface Branding { display_name: string | null; logo_url: string | null; accent_colour: string | null; support_email: string | null }

const TTL_MS = 60_000;

/**
 * Asks tracking-ingest for a company's page settings, keeping each answer a minute: a burst of e-mails
 * costs one call per company, and a change shows within a minute, as on the pages themselves.
 */
export function brandingClient(peers: Record<string, string>, internalJwtSecret: string, now: () => number = Date.now): (company: string) => Promise<Branding> {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  const cache = new Map<string, { at: number; value: Promise<Branding> }>();
  return (company) => {
    const hit = cache.get(company);
    if (hit && now() - hit.at < TTL_MS) return hit.value;
    const value = client.request<Branding>('tracking-ingest', 'GET', `/companies/${encodeURIComponent(company)}/tracking-page`, { company, principal: 'service:notifications' })
      .then((res) => {
        if (res.status !== 200) throw new Error(`tracking-ingest answered ${res.status} for the company's tracking page settings`);
        return res.body;
      });
    cache.set(company, { at: now(), value });
    value.catch(() => cache.delete(company));
    return value;
  };
}
