// Who changed what in the company (docs/operations.md#audit-log).
import { companyOperation, json, query, schemaRef, type OperationDef } from './openapi-helpers';

export const AUDIT_LOG_TAG = {
  name: 'Audit log',
  description: 'Every change to credentials, users, carrier accounts, webhook endpoints, rules, aliases, branding and retention, and every erasure: by whom and from where. Kept for a year.',
};

export const auditLogOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/audit-log', operationId: 'listAuditLog', tags: [AUDIT_LOG_TAG.name], summary: 'The company\'s audit log',
    description: 'Newest first, 50 a page. Each entry says when, who (a user\'s name, `token:<label>`, or `cli:<user>` for the waybill '
      + 'command), the action (`<resource>.<verb>`, e.g. `webhook_endpoint.secret_rotated`), the changed resource\'s id and the client '
      + 'address. No secret, password or token value is ever recorded. Only successful changes are recorded; entries older than a year '
      + 'are deleted. `count` is the number of entries from this page on; follow `next`.',
    parameters: [
      query('offset', { type: 'string' }, 'Cursor from the previous page\'s `next`; absent for the first page.'),
      query('limit', { type: 'integer', minimum: 1, maximum: 100, default: 50 }, 'Page size (larger values are clamped to 100).'),
    ],
    responses: { 200: json('One page.', schemaRef('AuditLogPage')) }, errors: [400],
  }),
];
