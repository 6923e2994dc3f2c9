// Returns: a consignment travelling back from the recipient to the company (docs/api/returns.md).
import { companyOperation, companySetting, header, json, schemaRef, type OperationDef } from './openapi-helpers';

export const RETURNS_TAG = {
  name: 'Returns',
  description: 'Return consignments booked from an outbound one on a carrier\'s return service, and the company\'s returns policy.',
};

export const returnOperations: OperationDef[] = [
  companyOperation({
    method: 'post', path: '/consignment/{identifier}/returns', operationId: 'createReturn', tags: [RETURNS_TAG.name],
    summary: 'Book a return of a consignment',
    description: 'Creates a return consignment (`"direction": "return"`, `return_for` the outbound) from the outbound\'s recipient to the '
      + 'company\'s returns warehouse (the policy\'s `warehouse_id`, else the outbound\'s warehouse), and books it at once with a return '
      + 'service (`"return": true` in GET /carrierservices): `service_id` when given, else the policy\'s; `auto` lets the company\'s rules '
      + 'choose among return services only. Without `items` every item not returned yet comes back. The return has its own '
      + '`consignment_number`, tracking numbers and `tracking_url`, and its label comes from GET /consignment/{identifier}/documents. '
      + 'A carrier\'s refusal still answers 201: the return stays Unallocated with `current_status.rejection_reason`. An outbound that '
      + 'is not allocated, is cancelled or is itself a return answers 409; asking for more of an item than was shipped, counting '
      + 'earlier returns that are not cancelled, answers 400 naming the item. Endpoints subscribed to `return_created` get a webhook.',
    parameters: [header('Idempotency-Key', { type: 'string', minLength: 1 }, 'Sending the same request again with the '
      + 'same key within 24 hours returns the first response and books nothing.')],
    requestBody: { required: false, ...json('What comes back and why.', schemaRef('ReturnInput')) },
    responses: { 201: json('The return consignment.', schemaRef('Consignment')) },
    errors: [400, 404, 409, 413, 415],
  }),
  ...companySetting({
    path: '/returns-policy', schema: 'ReturnsPolicy', tag: RETURNS_TAG.name,
    get: {
      operationId: 'getReturnsPolicy', summary: 'The company\'s returns policy', answer: 'The policy.',
      description: 'A company that never wrote one has returns turned off (`"enabled": false`).',
    },
    put: {
      operationId: 'replaceReturnsPolicy', summary: 'Replace the company\'s returns policy', body: 'The new policy.', answer: 'The policy as stored.',
      description: 'Replaces the whole policy and answers it as stored (`warehouse_id` and `service_id` spelled as GET /warehouses and '
        + 'GET /carrierservices spell them). A warehouse that is not the company\'s, a service that is not one of its return services '
        + '(nor `auto`), a reason code given twice or any value out of bounds answers 400 naming the field, and nothing changes. '
        + 'Recorded in the audit log as `returns_policy.replaced`.',
    },
  }),
];
