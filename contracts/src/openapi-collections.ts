// Collections: the carrier's van booked to a warehouse (docs/api/collections.md), for openapi.ts.
import { companyOperation, json, query, type OperationDef } from './openapi-helpers';

export const COLLECTIONS_TAG = {
  name: 'Collections',
  description: "Book a carrier's collection from a warehouse through the carrier's pickup API, list, read and cancel it. "
    + "Only carriers whose `capabilities` list `collections` take them; a carrier's refusal is a 409 carrying the carrier's reason.",
};

const time = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', examples: ['12:00'] };
const request = {
  type: 'object', additionalProperties: false,
  required: ['carrier_id', 'warehouse_id', 'date', 'ready_time', 'close_time', 'parcels'],
  properties: {
    carrier_id: { type: 'string', maxLength: 200, description: 'A carrier listing `collections` in `GET /carriers`.', examples: ['swiftpost'] },
    warehouse_id: { type: 'string', maxLength: 200, description: 'A warehouse identifier as `GET /warehouses` lists it.' },
    date: { type: 'string', format: 'date', description: 'The collection day; today or later in the warehouse\'s time zone.' },
    ready_time: { ...time, description: 'When the parcels are ready, warehouse local time.' },
    close_time: { ...time, description: 'When the dock closes, warehouse local time; after ready_time.' },
    parcels: { type: 'integer', minimum: 1, maximum: 999 },
    weight_kg: { type: ['number', 'null'], exclusiveMinimum: 0, description: 'Total weight in kilograms.' },
    consignment_ids: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 1000, description: 'The consignments going on the van (kept with the collection).' },
  },
};
const collection = {
  type: 'object',
  required: ['identifier', 'carrier_reference', 'status', 'carrier_id', 'warehouse_id', 'date', 'ready_time', 'close_time', 'parcels', 'weight_kg', 'consignment_ids', 'created_at', 'cancelled_at'],
  properties: {
    identifier: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    carrier_reference: { type: 'string', description: "The carrier's own reference (UPS's PRN, DHL's dispatch confirmation number)." },
    status: { type: 'string', enum: ['booked', 'cancelled'] },
    ...request.properties,
    weight_kg: { type: ['number', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    cancelled_at: { type: ['string', 'null'], format: 'date-time' },
  },
};
const collectionPage = {
  type: 'object', required: ['count', 'next', 'results'],
  properties: { count: { type: 'integer' }, next: { type: ['string', 'null'], format: 'uri' }, results: { type: 'array', items: collection } },
};

export const collectionOperations: OperationDef[] = [
  companyOperation({
    method: 'post', path: '/collections', operationId: 'bookCollection', tags: ['Collections'],
    summary: "Book the carrier's van to a warehouse",
    description: 'Asks the carrier through its pickup API and answers its reference. A 400 names the field: a date in the past, close_time '
      + 'not after ready_time, an unknown warehouse or carrier, or a carrier without `collections`. The carrier\'s refusal is a 409 with its reason.',
    requestBody: { required: true, content: { 'application/json': { schema: request } } },
    responses: { 201: json('Booked.', collection) }, errors: [400, 409],
  }),
  companyOperation({
    method: 'get', path: '/collections', operationId: 'listCollections', tags: ['Collections'],
    summary: 'The company\'s collections, in booking order',
    parameters: [
      query('warehouse_id', { type: 'string' }, 'Only this warehouse\'s.'),
      query('date', { type: 'string', format: 'date' }, 'Only this day\'s.'),
      query('offset', { type: 'string' }, 'Identifier of the last collection of the previous page.'),
      query('limit', { type: 'integer', minimum: 1, default: 50 }, 'Page size (at most 100).'),
    ],
    responses: { 200: json('One page; `count` counts from this page on.', collectionPage) }, errors: [400],
  }),
  companyOperation({
    method: 'get', path: '/collections/{collection_id}', operationId: 'getCollection', tags: ['Collections'],
    summary: 'One collection', responses: { 200: json('The collection.', collection) }, errors: [404],
  }),
  companyOperation({
    method: 'delete', path: '/collections/{collection_id}', operationId: 'cancelCollection', tags: ['Collections'],
    summary: 'Cancel a collection at the carrier',
    description: 'Cancels at the carrier, then answers the collection with `status: cancelled`. One already cancelled answers 200 as it is; '
      + "the carrier's refusal is a 409 with its reason.",
    responses: { 200: json('Cancelled.', collection) }, errors: [404, 409],
  }),
];
