// The service aliases of a company moving from another platform (docs/api/consignments.md#service-aliases).
import { companyOperation, json, schemaRef, type OperationDef } from './openapi-helpers';

export const SERVICE_ALIASES_TAG = {
  name: 'Service aliases',
  description: 'The `service_id` and `carrier` literals an integration moving from another platform keeps sending, each read as one of the company\'s services.',
};

export const serviceAliasOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/service-aliases', operationId: 'getServiceAliases', tags: [SERVICE_ALIASES_TAG.name],
    summary: 'The company\'s service aliases',
    description: 'The whole map, `{"<literal>": "<service_id>"}`, in the order it was last written; `{}` when there is none.',
    responses: { 200: json('The aliases.', schemaRef('ServiceAliases')) },
  }),
  companyOperation({
    method: 'put', path: '/service-aliases', operationId: 'replaceServiceAliases', tags: [SERVICE_ALIASES_TAG.name],
    summary: 'Replace the company\'s service aliases',
    description: 'Replaces the whole map; `{}` removes every alias. From then on a consignment created or PUT with a `service_id` '
      + 'or `carrier` equal to a key (ignoring case and surrounding spaces) is read as naming the key\'s service, and shows that '
      + 'service\'s `service_id`, `carrier` and `service`: e.g. `{"Hermes|UK Standard Delivery": "Generic Carrier|Generic Domestic Service GDOM", '
      + '"Yodel": "SwiftPost|SwiftPost 24"}` lets an integration written for another platform run unchanged. A value that is not '
      + 'one of the company\'s services (GET /carrierservices), a key that is one (or `auto`), or two keys differing only in case '
      + 'answer 400 naming the key, and nothing changes. Other replicas of the service apply a change within 5 seconds.',
    requestBody: { required: true, ...json('The new map.', schemaRef('ServiceAliases')) },
    responses: { 200: json('The aliases as stored (each value spelled as GET /carrierservices spells it).', schemaRef('ServiceAliases')) },
    errors: [400, 413, 415],
  }),
];
