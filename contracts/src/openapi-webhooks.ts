// Webhooks in the OpenAPI document: the management endpoints (docs/api/webhooks.md) and the outbound webhooks
// themselves (OpenAPI 3.1 `webhooks`), with the delivery contract written out once.
import { arrayOf, companyOperation, json, query, schemaRef, type OperationDef } from './openapi-helpers';

export const WEBHOOKS_TAG = {
  name: 'Webhooks',
  description: `Endpoints that receive the company's webhooks (docs/api/webhooks.md), and their delivery log.

- **Signing** (Standard Webhooks): headers \`webhook-id\` (the body's \`event_id\`, the same on every attempt;
  deduplicate on it), \`webhook-timestamp\` (Unix seconds of the attempt) and \`webhook-signature\`:
  \`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">\`, keyed with the base64-decoded part
  of the secret after \`whsec_\`. After a secret rotation, both the new and the old secret sign (space-separated
  signatures) for 24 hours. Any Standard Webhooks library verifies them.
- **Delivery**: a POST with the JSON body; success is any 2xx within 15 seconds. Redirects are not followed (a 3xx
  is a failure). Other failures are retried with ±20 % jitter: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h,
  10 h and 10 h (8 attempts). A 429's \`Retry-After\` is honoured (nothing is sent to the endpoint before it).
  \`410 Gone\` disables the endpoint (\`disabled_reason: "gone"\`); failing continuously for 5 days disables it
  (\`"failing"\`). Every event reaches each enabled endpoint subscribed to its type at least once; retries never
  cause a second successful delivery, only a manual resend or recover does. Order is not guaranteed.
- **Targets**: \`https://\` URLs whose host resolves only to public addresses. Private, loopback, link-local,
  carrier-grade NAT, unique-local, IPv4-mapped and metadata addresses are refused (400 on \`url\`), and the address
  is checked again before every attempt, which then connects to the checked address. An operator may allow
  plain http and private targets with \`WEBHOOK_ALLOW_PRIVATE=1\` (the local demo's default).`,
};

const endpointPath = (rest = '') => `/webhooks/endpoints/{endpoint_id}${rest}`;
const accepted = (description: string, title: string) => ({ 202: json(description, schemaRef(title)) });

export const webhookOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/webhooks/endpoints', operationId: 'listWebhookEndpoints', tags: ['Webhooks'],
    summary: "The company's webhook endpoints", description: 'A bare array, in creation order.',
    responses: { 200: json('The endpoints.', arrayOf('WebhookEndpoint')) },
  }),
  companyOperation({
    method: 'post', path: '/webhooks/endpoints', operationId: 'createWebhookEndpoint', tags: ['Webhooks'],
    summary: 'Add an endpoint', description: 'The answer carries the signing secret. `event_types` defaults to every type.',
    requestBody: { required: true, ...json('The endpoint.', schemaRef('WebhookEndpointInput')) },
    responses: { 201: json('The endpoint and its secret.', schemaRef('WebhookEndpointCreated')) }, errors: [400, 415],
  }),
  companyOperation({
    method: 'get', path: endpointPath(), operationId: 'getWebhookEndpoint', tags: ['Webhooks'], summary: 'Get an endpoint',
    responses: { 200: json('The endpoint.', schemaRef('WebhookEndpoint')) }, errors: [404],
  }),
  companyOperation({
    method: 'patch', path: endpointPath(), operationId: 'updateWebhookEndpoint', tags: ['Webhooks'], summary: 'Change an endpoint',
    description: 'Any of `url`, `description`, `event_types`, `enabled`. Enabling clears `disabled_reason` and the failure streak.',
    requestBody: { required: true, ...json('The fields to change.', schemaRef('WebhookEndpointPatch')) },
    responses: { 200: json('The endpoint.', schemaRef('WebhookEndpoint')) }, errors: [400, 404, 415],
  }),
  companyOperation({
    method: 'delete', path: endpointPath(), operationId: 'deleteWebhookEndpoint', tags: ['Webhooks'], summary: 'Remove an endpoint',
    responses: { 204: { description: 'Removed, with its delivery log.' } }, errors: [404],
  }),
  companyOperation({
    method: 'get', path: endpointPath('/secret'), operationId: 'getWebhookSecret', tags: ['Webhooks'], summary: 'The current signing secret',
    responses: { 200: json('The secret.', schemaRef('WebhookSecret')) }, errors: [404],
  }),
  companyOperation({
    method: 'post', path: endpointPath('/rotate-secret'), operationId: 'rotateWebhookSecret', tags: ['Webhooks'], summary: 'Rotate the signing secret',
    description: 'A new secret signs from now on; the old one also signs for 24 hours, so receivers can switch without missing a webhook.',
    responses: { 200: json('The new secret.', schemaRef('WebhookSecret')) }, errors: [404],
  }),
  companyOperation({
    method: 'post', path: endpointPath('/test'), operationId: 'sendTestWebhook', tags: ['Webhooks'], summary: 'Send a test webhook',
    description: 'Signed like any other; body `{"event_type": "test", "event_id", "payload_version": "2025.1", "payload": {"message"}}`. 409 when the endpoint is disabled.',
    responses: accepted('Queued for delivery.', 'WebhookEventAccepted'), errors: [404, 409],
  }),
  companyOperation({
    method: 'get', path: endpointPath('/attempts'), operationId: 'listWebhookAttempts', tags: ['Webhooks'], summary: 'Delivery attempts',
    description: 'Newest first, 50 a page. `count` is the number of attempts from this page on, so it shrinks page by page; follow `next`.',
    parameters: [
      query('offset', { type: 'string' }, 'Id of the last attempt of the previous page; absent for the first page.'),
      query('limit', { type: 'integer', minimum: 1, maximum: 100, default: 50 }, 'Page size (larger values are clamped to 100).'),
    ],
    responses: { 200: json('One page.', schemaRef('WebhookAttemptPage')) }, errors: [400, 404],
  }),
  companyOperation({
    method: 'post', path: endpointPath('/recover'), operationId: 'recoverWebhookEndpoint', tags: ['Webhooks'], summary: 'Re-send failed messages',
    description: 'Re-sends now every message to this endpoint since `since` that has no successful attempt, each with a fresh retry schedule.',
    requestBody: { required: true, ...json('Since when.', schemaRef('WebhookRecoverInput')) },
    responses: accepted('How many messages were queued.', 'WebhookResent'), errors: [400, 404, 409],
  }),
  companyOperation({
    method: 'post', path: '/webhooks/messages/{event_id}/resend', operationId: 'resendWebhookMessage', tags: ['Webhooks'],
    summary: 'Send a message again',
    description: 'To every enabled endpoint it was sent to, or only to `endpoint_id`. Sent even if it had succeeded: receivers see the same `event_id` again.',
    requestBody: { required: false, ...json('Optionally, one endpoint.', schemaRef('WebhookResendInput')) },
    responses: accepted('How many deliveries were queued.', 'WebhookResent'), errors: [400, 404, 409],
  }),
];

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The `event_id`; the same on every attempt.' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix seconds when the attempt was signed.' },
  { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' }, description: '`v1,<base64 HMAC-SHA256>`, space-separated when two secrets sign.' },
];

function outbound(operationId: string, summary: string, title: string) {
  return {
    post: {
      operationId, summary, tags: ['Webhooks'], parameters: SIGNATURE_HEADERS, security: [],
      requestBody: { required: true, ...json('The webhook body.', schemaRef(title)) },
      responses: { '2XX': { description: 'Received. Anything else (or no answer within 15 s) is retried; 410 disables the endpoint.' } },
    },
  };
}

/** OpenAPI 3.1 `webhooks`: what Waybill sends to a merchant's endpoint. */
export const outboundWebhooks = {
  tracking_update: outbound('trackingUpdateWebhook', 'Tracking updates received from a carrier', 'TrackingUpdateWebhook'),
  proof_of_delivery: outbound('proofOfDeliveryWebhook', 'Proof-of-delivery documents retrieved from a carrier', 'ProofOfDeliveryWebhook'),
  return_created: outbound('returnCreatedWebhook', 'A return was booked for an outbound consignment', 'ReturnCreatedWebhook'),
  test: outbound('testWebhook', 'A test sent on request', 'TestWebhook'),
};
