// The service aliases of a company moving from another platform (docs/api/consignments.md#service-aliases).
import { companySetting, type OperationDef } from './openapi-helpers';

export const SERVICE_ALIASES_TAG = {
  name: 'Service aliases',
  description: 'The `service_id` and `carrier` literals an integration moving from another platform keeps sending, each read as one of the company\'s services.',
};

export const serviceAliasOperations: OperationDef[] = companySetting({
  path: '/service-aliases', schema: 'ServiceAliases', tag: SERVICE_ALIASES_TAG.name,
  get: {
    operationId: 'getServiceAliases', summary: 'The company\'s service aliases', answer: 'The aliases.',
    description: 'The whole map, `{"<literal>": "<service_id>"}`, in the order it was last written; `{}` when there is none.',
  },
  put: {
    operationId: 'replaceServiceAliases', summary: 'Replace the company\'s service aliases', body: 'The new map.',
    answer: 'The aliases as stored (each value spelled as GET /carrierservices spells it).',
    description: 'Replaces the whole map; `{}` removes every alias. From then on a consignment created or PUT with a `service_id` '
      + 'or `carrier` equal to a key (ignoring case and surrounding spaces) is read as naming the key\'s service, and shows that '
      + 'service\'s `service_id`, `carrier` and `service`: e.g. `{"Hermes|UK Standard Delivery": "Generic Carrier|Generic Domestic Service GDOM", '
      + '"Yodel": "SwiftPost|SwiftPost 24"}` lets an integration written for another platform run unchanged. A value that is not '
      + 'one of the company\'s services (GET /carrierservices), a key that is one (or `auto`), or two keys differing only in case '
      + 'answer 400 naming the key, and nothing changes. Other replicas of the service apply a change within 5 seconds.',
  },
});
