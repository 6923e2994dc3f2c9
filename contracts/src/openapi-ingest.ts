// Carrier tracking ingest and proof-of-delivery links (docs/api/tracking.md): public paths that carry their own
// credential (a carrier's HMAC signature, a signed link) instead of a company's.
import { json, operation, schemaRef, type OperationDef } from './openapi-helpers';

const plainError = (description: string, headers?: Record<string, unknown>) => ({ ...json(description, schemaRef('ErrorResponse')), ...(headers && { headers }) });

export const ingestOperations: readonly OperationDef[] = [
  operation({
    method: 'post', path: '/ingest/v1/carriers/{carrier_id}/tracking', operationId: 'pushTracking', tags: ['Carrier tracking'],
    summary: 'Push tracking events (carriers)',
    description: 'Called by carriers, not merchants; no company credentials. The request is authenticated by the carrier\'s '
      + 'ingest secret: header `x-waybill-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the secret\'s '
      + 'UTF-8 bytes as key, computed over the exact bytes sent. `t` must be within 5 minutes of the server clock; several '
      + '`v1=` may be sent (secret rotation).\n\n'
      + 'Body: the generic format below (every carrier), or the carrier\'s own native format where its adapter knows one '
      + '(Globex: `{"shipments": [{"awb", "checkpoints": [{"code", "time", "text", "place"}]}]}`). At most 1,000 trackings '
      + 'and 200 events per tracking a call. `status` is normalised (case, spaces and underscores do not count); without it '
      + 'the carrier\'s code table gives it from `carrier_code`. Timestamps without a zone are UTC, and may be at most 24 hours '
      + 'ahead. Any invalid field refuses the whole push (400) before anything is stored.\n\n'
      + 'An event is identified by carrier, tracking number, carrier code (the status when there is none) and timestamp, and '
      + 'stored once. Tracking numbers of no consignment allocated to this carrier yet come back in `unknown`; their events are '
      + 'kept (and counted in `accepted`) for 30 days after the last of them arrived, and applied in carrier time order the '
      + 'moment a consignment of this carrier gets the number, with the same webhooks and status changes as late events: a push '
      + 'that overtakes the allocation that issued its number is never lost. Consignments move to Despatched (any package in transit or out for '
      + 'delivery), Exception (any package\'s latest event a failed delivery, exception or return) or Delivered (every '
      + 'package delivered), judged by each package\'s latest event by carrier time, never backwards, for companies with '
      + 'tracking enabled. A delivery makes Waybill fetch the proof of delivery from the carrier.\n\n'
      + 'A carrier that pushes with OAuth (UPS Track Alert, `carrier_id` `ups`) may instead post its own body with '
      + '`Authorization: Bearer <token>` (from `POST /ingest/v1/carriers/ups/oauth/token` with the account\'s webhook client '
      + 'credentials) and `x-api-key: <client id>`; a missing, wrong or expired token, or an `x-api-key` other than the client '
      + 'the token was issued to, answers 401.',
    security: [{ CarrierSignature: [] }, { CarrierPushToken: [] }],
    parameters: [{
      name: 'x-waybill-signature', in: 'header', required: false, schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
      description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; required unless the carrier pushes with a Bearer token.',
    }, {
      name: 'x-api-key', in: 'header', required: false, schema: { type: 'string' },
      description: 'With a Bearer token: the webhook client id the token was issued to.',
    }],
    requestBody: { required: true, ...json('The generic push body.', schemaRef('TrackingPush')) },
    responses: {
      202: json('Stored; what was new, what was already known, and which numbers are unknown.', schemaRef('TrackingPushResult')),
      401: plainError('Wrong or missing signature, `t` more than 5 minutes away, an unknown carrier_id, or (Bearer pushes) no valid token.', {
        'WWW-Authenticate': { description: '`Signature realm="waybill-ingest", headers="x-waybill-signature"`, or `Bearer ...` for a token push.', schema: { type: 'string' } },
      }),
    },
    errors: [400, 413, 415],
  }),
  operation({
    method: 'get', path: '/pod/v1/documents/{document_id}', operationId: 'getProofOfDelivery', tags: ['Carrier tracking'],
    summary: 'Download a proof-of-delivery document',
    description: 'The `document_url` of a proof_of_delivery webhook, used exactly as sent: the link is its own credential '
      + '(an HMAC over the document id and expiry), valid for 72 hours after retrieval. Documents are served with a '
      + 'sandboxing Content-Security-Policy.',
    security: [],
    parameters: [
      { name: 'expires', in: 'query', required: true, schema: { type: 'integer' }, description: 'Unix seconds when the link stops working.' },
      { name: 'signature', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' }, description: 'Signature of the link.' },
    ],
    responses: {
      200: {
        description: 'The document.',
        content: Object.fromEntries(['image/svg+xml', 'image/png', 'image/jpeg', 'application/pdf'].map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
      },
      403: plainError('The link was altered or lacks its signature.'),
      410: plainError('The link has expired (72 hours after retrieval).'),
    },
    errors: [404],
  }),
];
