// The recipient tracking page behind every tracking_url, and the company's settings of it (docs/api/tracking-page.md).
import { companyOperation, json, operation, query, schemaRef, type OperationDef } from './openapi-helpers';

const STATUSES = ['LABEL_CREATED', 'INFO_RECEIVED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'EXCEPTION', 'RETURNED'];
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const trackingPageOperations: readonly OperationDef[] = [
  operation({
    method: 'get', path: '/track/{carrier_id}/{tracking_number}', operationId: 'getTrackingPage', tags: ['Tracking page'],
    summary: 'The recipient\'s tracking page (the consignment\'s tracking_url)',
    description: 'Public: no credentials (it is what a recipient clicks in a shipping e-mail). A browser gets a server-rendered, '
      + 'mobile-first HTML page (no script, one inline stylesheet, under 30 KB): the merchant\'s display name and logo, carrier and '
      + 'service, every package\'s tracking number, the status in plain words, a progress line (label created, in transit, out for '
      + 'delivery, delivered; failed deliveries, exceptions and returns marked), the expected delivery date, and the carrier events '
      + 'newest first in the destination\'s time zone. The destination shows as town and postcode district only; never the '
      + 'recipient\'s street, name, e-mail or phone. `Accept: application/json` answers the same content as JSON, for a merchant '
      + 'rendering its own page. Any package\'s number finds the consignment. Unknown and cancelled numbers answer the same '
      + '404 (a friendly page, or `{"detail": "Not found."}`).\n\n'
      + 'Headers: `Cache-Control: public, max-age=60` (404: 30), `Vary: Accept`, `X-Robots-Tag: noindex, nofollow`, and '
      + '`Content-Security-Policy: default-src \'none\'; style-src \'sha256-…\'` (the page\'s one stylesheet) plus `img-src` naming '
      + 'the logo\'s https origin when the company set one, `frame-ancestors \'none\'`. At most 120 requests per client address and '
      + 'minute (429 with Retry-After beyond).',
    security: [],
    parameters: [{ name: 'Accept', in: 'header', required: false, schema: { type: 'string' }, description: '`application/json` for JSON; HTML otherwise.' }],
    responses: {
      200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: schemaRef('TrackingPage') } } },
      404: { description: 'No consignment of this carrier carries the number, or it was cancelled.', content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: schemaRef('ErrorResponse') } } },
    },
    errors: [429],
  }),
  companyOperation({
    method: 'get', path: '/tracking-page', operationId: 'getTrackingPageSettings', tags: ['Tracking page'],
    summary: 'How the company\'s tracking pages look',
    description: 'Fields not set are null: the page then shows the company slug as the name, no logo, the default accent colour and no support address.',
    responses: { 200: json('The settings.', schemaRef('TrackingPageSettings')) },
  }),
  companyOperation({
    method: 'put', path: '/tracking-page', operationId: 'updateTrackingPageSettings', tags: ['Tracking page'],
    summary: 'Change how the company\'s tracking pages look',
    description: 'Any subset of the fields: a field sent replaces its value (null or "" clears it), one not sent keeps it. Every page shows '
      + 'the change at once (pages are cached by browsers and proxies for at most a minute). A bad value is a 400 naming it, and changes nothing.',
    requestBody: { required: true, ...json('The settings to change.', schemaRef('TrackingPageSettings')) },
    responses: { 200: json('The settings now.', schemaRef('TrackingPageSettings')) }, errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/tracking-page/preview', operationId: 'previewTrackingPage', tags: ['Tracking page'],
    summary: 'Preview the tracking page with unsaved settings',
    description: 'The page of a made-up parcel in the given status, with the stored settings changed by the query\'s fields (not saved). '
      + 'The console frames it for its live preview (`frame-ancestors \'self\'`). A bad value is a 400 naming it.',
    parameters: [
      query('display_name', { type: 'string' }, 'As in the settings.'), query('logo_url', { type: 'string' }, 'As in the settings.'),
      query('accent_colour', { type: 'string' }, 'As in the settings.'), query('support_email', { type: 'string' }, 'As in the settings.'),
      query('status', { enum: STATUSES, default: 'IN_TRANSIT' }, 'The state of the made-up parcel.'),
    ],
    responses: { 200: html('The page, as a recipient would see it.') }, errors: [400],
  }),
];
