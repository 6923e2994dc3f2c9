// Retention of recipients' personal data and a data subject's erasure (docs/api/retention.md).
import { companyOperation, json, schemaRef, type OperationDef } from './openapi-helpers';

export const RETENTION_TAG = {
  name: 'Retention',
  description: 'How long recipients\' personal data is kept, and its erasure on a data subject\'s request.',
};

export const retentionOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/retention', operationId: 'getRetention', tags: [RETENTION_TAG.name],
    summary: 'The company\'s retention of recipients\' personal data',
    description: '`personal_data_days`: 365 until a PUT sets another.',
    responses: { 200: json('The retention setting.', schemaRef('Retention')) },
  }),
  companyOperation({
    method: 'put', path: '/retention', operationId: 'setRetention', tags: [RETENTION_TAG.name],
    summary: 'Set how long recipients\' personal data is kept',
    description: '`personal_data_days`, an integer from 30 to 3650: that many days after a consignment was delivered or cancelled '
      + '(any other consignment: after its last change), an hourly sweep erases its recipient\'s personal data as '
      + 'POST /consignment/{identifier}/erase does. A value out of range, not an integer or missing is a 400 naming the field, and '
      + 'nothing changes. Recorded in the audit log (`retention.updated`).',
    requestBody: { required: true, ...json('The new setting.', schemaRef('Retention')) },
    responses: { 200: json('The setting as stored.', schemaRef('Retention')) },
    errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'post', path: '/consignment/{identifier}/erase', operationId: 'eraseConsignment', tags: [RETENTION_TAG.name, 'Consignments'],
    summary: 'Erase a consignment\'s recipient (a data subject\'s request)',
    description: 'Erases at once the recipient\'s name, company, e-mail, phone, tax and EORI numbers, street lines and delivery '
      + 'instructions (`name` and `address1` read `(erased)`, the others null; the postcode becomes its district, e.g. `SW1A`; town '
      + 'and country stay) and answers the consignment with `"erased": true`. Every other copy follows within seconds: labels and '
      + 'customs documents are deleted (GET .../documents answers 409), the tracking page answers 404, the carrier call log keeps '
      + 'no request or response body, stored webhook bodies keep tracking statuses and times only, and shipping e-mails keep no address. '
      + 'Cannot be undone: erasing again answers the same 200. An erased consignment cannot be changed (PUT answers 409). '
      + 'Recorded in the audit log (`consignment.erased`, the consignment\'s identifier as target, never the erased data).',
    responses: { 200: json('The erased consignment.', schemaRef('Consignment')) },
    errors: [404],
  }),
];
