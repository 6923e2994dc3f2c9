// Returns: a consignment travelling back from the recipient to the company (docs/api/returns.md).
import { companyOperation, companySetting, header, json, operation, schemaRef, type OperationDef } from './openapi-helpers';

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const form = (description: string) => ({ required: true, description, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: { type: 'string' } } } } });

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
  operation({
    method: 'get', path: '/returns/{company_slug}', operationId: 'showReturnsPage', tags: [RETURNS_TAG.name],
    summary: 'The recipients\' self-service returns page',
    description: 'Public, no JavaScript (docs/api/returns.md#the-self-service-returns-page): a form asking for the order number and the '
      + 'delivery postcode, with a signed anti-forgery token. Branded like the tracking page; the language is `?lang=`, else Accept-Language, else English.',
    security: [],
    responses: { 200: html('The form.'), 404: html('The company takes no returns online.') },
    errors: [429],
  }),
  operation({
    method: 'post', path: '/returns/{company_slug}', operationId: 'findReturnableOrder', tags: [RETURNS_TAG.name],
    summary: 'Find the order to return (the form\'s POST)',
    description: 'Public. `token`, `order`, `postcode` (compared without regard to case and spaces), `lang`. When both match a despatched or '
      + 'delivered outbound consignment the policy lets be returned: its items left to return, each with a quantity and a reason. Otherwise the '
      + 'form again saying only that no returnable order was found (404), whatever did not match.',
    security: [],
    requestBody: form('The form.'),
    responses: { 200: html('The items page.'), 403: html('The form\'s token is missing, forged, of another company or expired.'), 404: html('No returnable order found.') },
    errors: [429],
  }),
  operation({
    method: 'post', path: '/returns/{company_slug}/confirm', operationId: 'bookReturnFromPage', tags: [RETURNS_TAG.name],
    summary: 'Book the return (the items page\'s POST)',
    description: 'Public. `token`, and `qty_<n>`, `reason_<n>` per item of the items page. Books the return as POST /consignment/{identifier}/returns '
      + 'does; one items form books one return (its Idempotency key is derived from the token), and the same form again answers 403.',
    security: [],
    requestBody: form('The items form.'),
    responses: {
      201: html('The return booked: its label link (30 days), its tracking link and the policy\'s instructions.'),
      400: html('No item chosen, more than is left, or a reason not of the policy: the items page again.'),
      403: html('The form\'s token is missing, forged, expired or used already.'),
      409: html('The return could not be booked: the items page again.'),
    },
    errors: [429],
  }),
  operation({
    method: 'get', path: '/returns/{company_slug}/label/{label_token}', operationId: 'getReturnLabelFromPage', tags: [RETURNS_TAG.name],
    summary: 'The return label of a return booked on the page',
    description: 'Public: the signed token is the credential, for 30 days. The label as the documents service prints it.',
    security: [],
    responses: {
      200: { description: 'The label.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      404: html('The link does not verify, or the return has no label.'), 410: html('The link has expired.'),
    },
    errors: [429],
  }),
];
