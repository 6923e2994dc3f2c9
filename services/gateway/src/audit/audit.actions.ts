/**
 * Which public writes are recorded in the audit log (docs/operations.md#audit-log), and under which
 * action name. A change is `<resource>.<verb>`; its target is the resource's id, from the path, or from
 * the answer when the request created it. Nothing else of the request or the answer is kept, so a
 * secret in either (a webhook secret, carrier credentials) never reaches the log.
 */
export interface AuditedChange {
  action: string;
  /** The id from the path, `null` for a company-wide setting, or `'answer'`: the created resource's `id`. */
  target: string | null | 'answer';
}

interface Rule {
  method: string;
  pattern: RegExp;
  action: string;
  target: 'path' | 'answer' | 'none';
}

const ID = '([^/]+)';
const rule = (method: string, path: string, action: string, target: Rule['target']): Rule =>
  ({ method, pattern: new RegExp(`^${path.replaceAll(':id', ID)}/?$`), action, target });

/** Every audited write, by method and company-relative path. Reads, tests and previews change nothing and are not listed. */
export const AUDITED_WRITES: readonly Rule[] = [
  rule('POST', '/carrier-accounts', 'carrier_account.created', 'answer'),
  rule('PATCH', '/carrier-accounts/:id', 'carrier_account.updated', 'path'),
  rule('DELETE', '/carrier-accounts/:id', 'carrier_account.deleted', 'path'),
  rule('POST', '/carrier-accounts/:id/rotate-webhook-credentials', 'carrier_account.webhook_credentials_rotated', 'path'),
  rule('POST', '/collections', 'collection.booked', 'answer'),
  rule('DELETE', '/collections/:id', 'collection.cancelled', 'path'),
  rule('POST', '/webhooks/endpoints', 'webhook_endpoint.created', 'answer'),
  rule('PATCH', '/webhooks/endpoints/:id', 'webhook_endpoint.updated', 'path'),
  rule('DELETE', '/webhooks/endpoints/:id', 'webhook_endpoint.deleted', 'path'),
  rule('POST', '/webhooks/endpoints/:id/rotate-secret', 'webhook_endpoint.secret_rotated', 'path'),
  rule('POST', '/webhooks/endpoints/:id/recover', 'webhook_endpoint.recovered', 'path'),
  rule('POST', '/delivery-rules', 'delivery_rule.created', 'answer'),
  rule('PUT', '/delivery-rules/:id', 'delivery_rule.replaced', 'path'),
  rule('DELETE', '/delivery-rules/:id', 'delivery_rule.deleted', 'path'),
  rule('PUT', '/delivery-settings', 'delivery_settings.updated', 'none'),
  rule('POST', '/rate-sheets', 'rate_sheet.created', 'answer'),
  rule('POST', '/rate-sheets/import', 'rate_sheet.imported', 'answer'),
  rule('PUT', '/rate-sheets/:id', 'rate_sheet.replaced', 'path'),
  rule('DELETE', '/rate-sheets/:id', 'rate_sheet.deleted', 'path'),
  rule('PUT', '/service-aliases', 'service_aliases.replaced', 'none'),
  rule('PUT', '/returns-policy', 'returns_policy.replaced', 'none'),
  rule('PUT', '/tracking-page', 'branding.updated', 'none'),
  rule('PUT', '/retention', 'retention.updated', 'none'),
  rule('PUT', '/notifications', 'notification_settings.updated', 'none'),
  // A recipient's address added to the company's unsubscribes: recorded without the address (personal data).
  rule('POST', '/notifications/unsubscribes', 'notification_unsubscribe.added', 'none'),
  // A data subject's erasure: recorded by consignment id, never by the personal data it removed.
  rule('POST', '/consignment/:id/erase', 'consignment.erased', 'path'),
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The audited change a request makes, or undefined; `rest` is the path after the company (`/carrier-accounts/abc`). */
export function auditedChange(method: string, rest: string): AuditedChange | undefined {
  if (!WRITE_METHODS.has(method)) return undefined;
  for (const r of AUDITED_WRITES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(rest);
    if (!m) continue;
    return { action: r.action, target: r.target === 'answer' ? 'answer' : r.target === 'path' ? safeDecode(m[1]) : null };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The created resource's id (`id`, or `identifier` for carrier accounts) from its JSON answer: that field only, whatever else the answer holds. */
export function createdId(body: Buffer | undefined): string | null {
  if (!body?.length) return null;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const answer = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown; identifier?: unknown }) : {};
    const id = answer.id ?? answer.identifier;
    return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : null;
  } catch {
    return null;
  }
}
