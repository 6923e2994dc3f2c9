// The carrier call log (a consignment's and an account's outbound calls to carriers), for openapi.ts.
import { companyOperation, json, query, schemaRef, type OperationDef } from './openapi-helpers';

export const CARRIER_CALLS_TAG = {
  name: 'Carrier calls',
  description: 'Every call Waybill made to a carrier for a consignment or through an account: operation, URL, status, duration, outcome, '
    + 'whose failure it was (carrier, network or Waybill), the carrier\'s code and message, and the request and response bodies. '
    + 'Credentials, tokens and Authorization values never appear (`****`), label images are elided (`<base64, 48 kB>`), names, street '
    + 'lines, phone numbers and e-mail addresses are masked after 30 days, and calls are deleted after 90.',
};

const page = [
  query('offset', { type: 'string' }, 'Id of the last call of the previous page; absent for the first page.'),
  query('limit', { type: 'integer', minimum: 1, maximum: 100, default: 50 }, 'Page size (larger values are clamped to 100).'),
];
const listed = 'Newest first, 50 a page. `count` is the number of calls from this page on, so it shrinks page by page; follow `next`.';

export const carrierCallOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/consignment/{identifier}/carrier-calls', operationId: 'listConsignmentCarrierCalls', tags: ['Carrier calls'],
    summary: 'The calls made to carriers for a consignment',
    description: `${listed} Booking, cancelling, tracking and proof of delivery of the consignment, and the tokens fetched on the way. `
      + 'A consignment of another company is a 404.',
    parameters: page,
    responses: { 200: json('One page.', schemaRef('CarrierCallPage')) }, errors: [400, 404],
  }),
  companyOperation({
    method: 'get', path: '/carrier-accounts/{account_id}/calls', operationId: 'listCarrierAccountCalls', tags: ['Carrier calls'],
    summary: 'The calls made through a carrier account',
    description: `${listed} Every call of the account, account checks and manifests included. An account of another company is a 404.`,
    parameters: page,
    responses: { 200: json('One page.', schemaRef('CarrierCallPage')) }, errors: [400, 404],
  }),
];
