import type { WebhookEndpoint } from '@waybill/contracts';
import type { EndpointRow } from './endpoint.table';
import type { SecretBox } from '@waybill/internal-auth';

/** The API shape of an endpoint (docs/api/webhooks.md); the secrets never leave through it. */
export function toApi(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: new Date(row.created_at).toISOString(),
    failing_since: row.failing_since ? new Date(row.failing_since).toISOString() : null,
  };
}

/** Ciphertexts are bound to the endpoint id, so a secret copied onto another row does not open. */
export const secretContext = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(row: EndpointRow, box: SecretBox, now: Date): string[] {
  const secrets = [box.open(row.secret, secretContext(row.id))];
  const until = row.previous_secret_expires_at && new Date(row.previous_secret_expires_at);
  if (row.previous_secret && until && until > now) secrets.push(box.open(row.previous_secret, secretContext(row.id)));
  return secrets;
}
