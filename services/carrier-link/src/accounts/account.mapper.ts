import type { CarrierAccount } from '@waybill/contracts';
import { maskCredential } from '@waybill/carriers';
import type { AccountRow } from './account.table';

/** Where a carrier pushing with OAuth takes its token and posts its events. */
export function webhookUrls(publicUrl: string, carrier: string): { token_url: string; webhook_url: string } {
  const base = `${publicUrl.replace(/\/$/, '')}/ingest/v1/carriers/${carrier}`;
  return { token_url: `${base}/oauth/token`, webhook_url: `${base}/tracking` };
}

/**
 * An account as the API shows it: credentials masked to their last 4 characters, never returned; the
 * webhook client secret masked too (only its hash is kept).
 */
export function toApi(row: AccountRow, publicUrl: string): CarrierAccount {
  const webhook = row.webhook_client_id
    ? { webhook_credentials: { client_id: row.webhook_client_id, client_secret: `****${row.webhook_secret_hint ?? ''}`, ...webhookUrls(publicUrl, row.carrier) } }
    : {};
  return {
    identifier: row.id,
    carrier: row.carrier,
    name: row.name,
    test_mode: row.test_mode,
    enabled: row.enabled,
    booking_label_format: row.booking_label_format,
    credentials: Object.fromEntries(Object.entries(row.credentials_hint).map(([k, last4]) => [k, `****${last4}`])),
    created_at: new Date(row.created_at).toISOString(),
    last_check: row.last_check ? { ok: row.last_check.ok, detail: row.last_check.detail, at: row.last_check.at } : null,
    ...webhook,
  };
}

/** The last 4 characters of each value (all of a short value is hidden): what the masked view shows. */
export function hintsOf(credentials: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(credentials).map(([k, v]) => [k, maskCredential(v).slice(4)]));
}

/** The sealing context: a sealed value opens only as the credentials of the account it was made for. */
export const sealContext = (id: string) => `carrier-account:${id}`;
