// Public endpoints of the OpenAPI document. To add an endpoint, add one `operation({...})` entry.
import { arrayOf, companyOperation, header, json, operation, query, schemaRef, type OperationDef } from './openapi-helpers';
import { deliveryOperations } from './openapi-delivery';
import { webhookOperations } from './openapi-webhooks';
import { ingestOperations } from './openapi-ingest';
import { dashboardOperations } from './openapi-dashboard';
import { trackingPageOperations } from './openapi-tracking-page';
import { notificationOperations } from './openapi-notifications';
import { serviceAliasOperations } from './openapi-service-aliases';
import { returnOperations } from './openapi-returns';
import { retentionOperations } from './openapi-retention';
import { rateOperations } from './openapi-rates';
import { auditLogOperations } from './openapi-audit-log';

const STATUSES = 'Unallocated, Allocated, Printed, Manifested, Despatched, Delivered, Exception, Cancelled';

const health = {
  type: 'object', required: ['status'],
  properties: { status: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'string' } } },
};

const release = {
  type: 'object', required: ['version', 'commit'], additionalProperties: false,
  properties: {
    version: { type: 'string', description: 'The release (semantic versioning), as in CHANGELOG.md.', examples: ['0.2.0'] },
    commit: { type: 'string', description: 'The git commit the build comes from (`unknown` when it was built without one).' },
  },
};

const statusChange = {
  type: 'object', required: ['status', 'reason', 'at'],
  properties: { status: { type: 'string', description: STATUSES }, reason: { type: ['string', 'null'] }, at: { type: 'string', format: 'date-time' } },
};

const trackingEvent = {
  type: 'object', required: ['tracking_number', 'status', 'timestamp'],
  properties: {
    tracking_number: { type: 'string' }, package_reference: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['INFO_RECEIVED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'EXCEPTION', 'RETURNED'] },
    carrier_code: { type: ['string', 'null'] }, description: { type: ['string', 'null'] }, location: { type: ['string', 'null'] },
    timestamp: { type: 'string', format: 'date-time' },
  },
};

const lookups: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/carriers', operationId: 'listCarriers', tags: ['Lookups'],
    summary: 'Carriers enabled for the company',
    description: 'A bare array. `identifier` is stable and is what `carrier_id` takes everywhere.',
    responses: { 200: json('The carriers.', arrayOf('Carrier')) },
  }),
  companyOperation({
    method: 'get', path: '/carrierservices', operationId: 'listCarrierServices', tags: ['Lookups'],
    summary: 'Carrier services available to the company',
    description: 'A bare array. `identifier` (`<carrier name>|<service name>`) is exactly what `service_id` takes.',
    responses: { 200: json('The carrier services.', arrayOf('CarrierService')) },
  }),
  companyOperation({
    method: 'get', path: '/warehouses', operationId: 'listWarehouses', tags: ['Lookups'],
    summary: 'Warehouses of the company',
    description: 'A bare array. `identifier` (`<company_slug>|<warehouse name>`) is what `warehouse_id` takes.',
    responses: { 200: json('The warehouses.', arrayOf('Warehouse')) },
  }),
];

const consignments: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/consignments', operationId: 'listConsignments', tags: ['Consignments'],
    summary: 'List and search consignments',
    description: 'Keyset pagination in creation order, oldest first, stable under concurrent inserts. '
      + '`count` is the number of matching consignments from this page on, so it shrinks page by page as '
      + "Scurri's does: 25 matches with `limit=10` give pages saying 25, 15, 5. Follow `next` (an absolute URL "
      + 'that repeats the filters and limit; its scheme and host come from `PUBLIC_BASE_URL` when set) until it is null.',
    parameters: [
      query('offset', { type: 'string' }, 'Identifier of the last consignment of the previous page (a cursor, not a number); '
        + 'absent or empty for the first page.'),
      query('limit', { type: 'integer', minimum: 1, default: 10 }, 'Page size: 10 when absent or empty, at most 100 '
        + '(larger values are clamped to 100). Anything that is not a positive integer answers 400.'),
      query('status', { type: 'string', examples: ['Allocated'] }, `One of ${STATUSES}; case-insensitive. Another value answers 400.`),
      query('identifier', { type: 'string' }, 'A page holding just that consignment, or an empty page.'),
      query('order_number', { type: 'string' }, 'Exact, case-sensitive match.'),
      query('direction', { type: 'string', enum: ['outbound', 'return'] }, 'Only outbound consignments, or only returns (docs/api/returns.md).'),
      query('return_for', { type: 'string' }, 'Only the returns of that outbound consignment.'),
    ],
    responses: { 200: json('One page.', schemaRef('ConsignmentPage')) }, errors: [400],
  }),
  companyOperation({
    method: 'post', path: '/consignments', operationId: 'createConsignments', tags: ['Consignments'],
    summary: 'Create consignments',
    description: 'Each element is validated and created on its own: a bad element (even one that is not an object, '
      + 'such as null) never blocks the others and is reported under its zero-based index in `errors`. '
      + '`create_date` may be omitted (it defaults to the time of creation). An element with `service_id` '
      + "(or `carrier` alone, for the carrier's default service, or `service_id: \"auto\"` for the allocation rules) "
      + 'is allocated before the response; if the carrier refuses, the consignment is still created, stays '
      + 'Unallocated, and `current_status.rejection_reason` says why.',
    parameters: [header('Idempotency-Key', { type: 'string', minLength: 1 }, 'Sending the same request again with the '
      + 'same key within 24 hours returns the first response and creates nothing.')],
    requestBody: {
      required: true, ...json('1 to 500 consignments.', { type: 'array', minItems: 1, maxItems: 500, items: schemaRef('ConsignmentInput') }),
    },
    responses: { 200: json('Which elements were created and why the others were not.', schemaRef('CreateResult')) },
    errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/consignment/{identifier}', operationId: 'getConsignment', tags: ['Consignments'],
    summary: 'Get a consignment',
    responses: { 200: json('The consignment.', schemaRef('Consignment')) }, errors: [404],
  }),
  companyOperation({
    method: 'put', path: '/consignment/{identifier}', operationId: 'updateConsignment', tags: ['Consignments'],
    summary: 'Replace a consignment; allocate or unallocate it',
    description: 'Full replacement. Read-only fields sent back are ignored, so a client can GET, change and PUT the same '
      + 'object. Setting `service_id` (or `carrier`) allocates; null or "" unallocates and releases the carrier booking. '
      + 'A booking the carrier refuses is not an error of the request: 200, status Unallocated, and '
      + '`current_status.rejection_reason` says why. 409 when the consignment is Manifested, Despatched, Delivered or Cancelled.',
    requestBody: { required: true, ...json('The consignment.', schemaRef('ConsignmentInput')) },
    responses: { 200: json('The updated consignment.', schemaRef('Consignment')) },
    errors: [400, 404, 409, 413, 415],
  }),
  companyOperation({
    method: 'delete', path: '/consignment/{identifier}', operationId: 'cancelConsignment', tags: ['Consignments'],
    summary: 'Cancel a consignment',
    description: 'Releases the carrier booking and moves the consignment to Cancelled. Cancelling again answers the same 200. '
      + '409 when the consignment is Manifested, Despatched or Delivered.',
    responses: { 200: json('The cancelled consignment.', schemaRef('Consignment')) }, errors: [404, 409],
  }),
  companyOperation({
    method: 'get', path: '/consignment/{identifier}/history', operationId: 'getConsignmentHistory', tags: ['Consignments'],
    summary: 'Status history of a consignment',
    description: 'Every status the consignment has had, oldest first; `reason` says why where one applies (a rejection, a cancellation).',
    responses: { 200: json('The status changes.', { type: 'array', items: statusChange }) }, errors: [404],
  }),
  companyOperation({
    method: 'get', path: '/consignment/{identifier}/tracking', operationId: 'getConsignmentTracking', tags: ['Consignments'],
    summary: 'Carrier tracking events of a consignment',
    description: 'The events carriers pushed for the tracking numbers the consignment carries now, oldest first (carrier time). '
      + '`status` is the normalised status. An empty array until an event arrives.',
    responses: { 200: json('The tracking events.', { type: 'array', items: trackingEvent }) },
  }),
];

const manifests: OperationDef[] = [
  companyOperation({
    method: 'post', path: '/manifest', operationId: 'createManifest', tags: ['Manifests'],
    summary: 'Manifest consignments for collection by a carrier',
    description: 'All or nothing: every consignment must belong to the company, be allocated (Allocated or Printed) to '
      + '`carrier_id`, ship from `warehouse_id`, and be neither cancelled nor already manifested; otherwise 400, whose '
      + '`detail` names every offending consignment and why, `errors` has one entry per offending position '
      + '(`consignment_ids.<index>`), and nothing changes. On success the consignments move to Manifested (after which they '
      + 'can no longer be updated or cancelled), the carrier is told of the manifest, and its document is generated '
      + 'asynchronously: poll GET /manifest/{manifest_id}/documents. Of two requests manifesting the same consignment at '
      + 'the same time, exactly one succeeds. Sandbox carriers refuse a manifest holding a consignment to the postcode '
      + '`ZZ9 9ZZ` (an embargoed area), so that the failure path can be tried: its documents then answer 409.',
    parameters: [header('Idempotency-Key', { type: 'string', minLength: 1, maxLength: 255 }, 'Sending the same request again '
      + 'with the same key returns the same manifest (201, header `Idempotent-Replayed: true`) and changes nothing; the same '
      + 'key with a different body answers 409. A request that failed (400) leaves the key free.')],
    requestBody: { required: true, ...json('The consignments, the carrier and the warehouse.', schemaRef('ManifestInput')) },
    responses: { 201: json('The manifest was created.', schemaRef('ManifestCreated')) },
    errors: [400, 409, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/manifest/{manifest_id}/documents', operationId: 'getManifestDocuments', tags: ['Manifests'],
    summary: 'Get the manifest document',
    description: '200 with the A4 PDF once it is ready; 204 (no body) while it is being generated: retry a few seconds '
      + 'later. 409 with the reason in `detail` when it could not be produced for good (e.g. the carrier refused the '
      + 'manifest). 404 for an unknown manifest or one of another company.',
    responses: {
      200: json('The manifest document.', schemaRef('ManifestDocuments')),
      204: { description: 'Still being generated; retry later.' },
    },
    errors: [404, 409],
  }),
];

const documents: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/consignment/{identifier}/documents', operationId: 'getConsignmentDocuments', tags: ['Consignments'],
    summary: 'Labels and customs invoice of a consignment',
    description: 'One label per package (a consignment without packages gets one), each repeated `labelquantity` times in a row '
      + '(package 1, 1, 2, 2, ...). Labels carry sender (after any `override_sender_*` custom attributes, including the key spelled '
      + '`override_send_address2`), recipient, carrier and service, the tracking number as a Code 128 barcode, a 2D routing code '
      + '(DataMatrix or QR: carrier, service, destination postcode and country, tracking number), weight, package n of N, order number '
      + 'and date. `invoices` is the customs invoice PDF when the carrier requires one on this route (e.g. Globex Worldwide across a '
      + 'customs border), else null; it stays PDF whatever `documenttype` is. A company that chose 6x4 invoices concatenated with the '
      + 'labels also gets the invoice pages after the labels in the labels PDF (and still in `invoices`). The same consignment always '
      + 'gives the same documents. An Unallocated consignment is first allocated by the company\'s allocation rules; when no rule or '
      + 'carrier accepts it the answer is 409 and `current_status.rejection_reason` says why. Fetching the documents of an Allocated '
      + 'consignment moves it to Printed, committed before the 200 is sent (a GET right after shows Printed; 503 with Retry-After when that '
      + 'cannot be recorded, and the request can simply be repeated). 409 also for a Cancelled consignment, for an erased one (its '
      + 'documents were deleted with its recipient, docs/api/retention.md), and on a customs '
      + 'route for an item without `harmonisation_code` or `country_of_origin` (`detail` names it, e.g. '
      + '`packages.0.items.1.harmonisation_code: required for customs on this route`).',
    parameters: [
      query('documenttype', { type: 'string', enum: ['application/pdf', 'application/x-zebra-zpl', 'image/png', 'image/x-png-list'], default: 'application/pdf' },
        'Label format. application/pdf: base64 PDF, one label per page. application/x-zebra-zpl: plain ZPL text, one ^XA...^XZ block '
        + 'per label, using the printer\'s own ^BC (Code 128) and ^BX/^BQ (DataMatrix/QR) commands, UTF-8 (^CI28). image/png: base64 ZIP '
        + 'of one PNG per label. image/x-png-list: `labels` is an array of base64 PNGs. Another value answers 400.'),
      query('labelquantity', { type: 'integer', minimum: 1, maximum: 10, default: 1 }, 'Copies of each label. `label_quantity` is the same; giving both with different values answers 400.'),
      query('label_quantity', { type: 'integer', minimum: 1, maximum: 10, default: 1 }, 'Alias of `labelquantity`.'),
      query('invoice_quantity', { type: 'integer', minimum: 1, maximum: 10, default: 3 }, 'Copies of the customs invoice.'),
      query('dpi', { type: 'integer', enum: [203, 300], default: 203 }, 'Resolution of ZPL and PNG labels (a 4x6 PNG is 812x1218 px at 203, '
        + '1200x1800 at 300); accepted and without effect for PDF. Any other value answers 400 (the "230 dpi" of some integrations means Zebra\'s 203).'),
      query('label_size', { type: 'string', enum: ['4x6', '8x4', 'A6'], default: '4x6' }, '4x6 inch portrait; 8x4 landscape (8 wide, 4 high) '
        + 'and A6 portrait only where enabled for the company, else 400.'),
      query('compression', { type: 'string', enum: ['none', 'z64'], default: 'none' }, 'ZPL only: z64 sends bitmap graphic fields (^GF, '
        + 'e.g. a carrier\'s mark) deflated and Base64-encoded with a CRC; ignored for other formats.'),
    ],
    responses: { 200: json('The documents.', schemaRef('ConsignmentDocuments')) },
    errors: [400, 404, 409],
  }),
];

const operations: OperationDef[] = [
  operation({
    method: 'get', path: '/version', operationId: 'getVersion', tags: ['Operations'], security: [],
    summary: 'The release this Waybill runs',
    description: 'Every response also carries it in the `Waybill-Version` header.',
    responses: { 200: json('The release and the commit it was built from.', release) },
  }),
  operation({
    method: 'get', path: '/healthz', operationId: 'getLiveness', tags: ['Operations'], security: [],
    summary: 'Liveness', responses: { 200: json('The process is alive.', health) },
  }),
  operation({
    method: 'get', path: '/readyz', operationId: 'getReadiness', tags: ['Operations'], security: [],
    summary: 'Readiness',
    responses: { 200: json('Every dependency answers.', health), 503: json('A dependency does not answer; `checks` says which.', health) },
  }),
];

export const publicOperations: readonly OperationDef[] = [
  ...lookups, ...consignments, ...returnOperations, ...serviceAliasOperations, ...retentionOperations, ...documents, ...manifests, ...deliveryOperations, ...rateOperations, ...webhookOperations, ...ingestOperations, ...trackingPageOperations, ...notificationOperations, ...dashboardOperations, ...auditLogOperations, ...operations,
];
