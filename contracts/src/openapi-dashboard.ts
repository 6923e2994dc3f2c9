// The console's dashboard and exceptions queue: read-only figures from the services' read models.
import { companyOperation, json, query, schemaRef, type OperationDef } from './openapi-helpers';

const days = query('days', { type: 'integer', enum: [7, 30, 90], default: 30 }, 'Length of the period in UTC days, ending today.');

export const dashboardOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/dashboard/consignments', operationId: 'getConsignmentDashboard', tags: ['Dashboard'],
    summary: 'Consignment figures of the period',
    description: 'Consignments created per day by carrier, today\'s by status, the share delivered on time per carrier, and open '
      + 'exceptions. Read from a read model the consignment service keeps from its own events in batches: the figures trail the '
      + 'consignments by the event relay\'s delay plus at most a quarter of a second, and a page view costs the same at any volume.',
    parameters: [days],
    responses: { 200: json('The figures.', schemaRef('ConsignmentDashboard')) }, errors: [400],
  }),
  companyOperation({
    method: 'get', path: '/dashboard/webhooks', operationId: 'getWebhookDashboard', tags: ['Dashboard'],
    summary: 'Webhook deliveries of the period',
    description: 'Attempts per day with their success rate, folded from the attempt log every 5 seconds (`WEBHOOK_ROLLUP_INTERVAL`), '
      + 'and the endpoints failing or disabled now.',
    parameters: [days],
    responses: { 200: json('The figures.', schemaRef('WebhookDashboard')) }, errors: [400],
  }),
  companyOperation({
    method: 'get', path: '/dashboard/exceptions', operationId: 'listExceptions', tags: ['Dashboard'],
    summary: 'Consignments that need someone',
    description: 'Consignments in `Exception` and unallocated consignments a carrier refused (`rejection_reason`), newest first. '
      + 'Webhook endpoints failing or disabled are in `GET /webhooks/endpoints`.',
    parameters: [query('limit', { type: 'integer', minimum: 1, maximum: 500, default: 100 }, 'At most this many.')],
    responses: { 200: json('The queue.', schemaRef('ExceptionQueue')) }, errors: [400],
  }),
];
