// Delivery options (docs/api/delivery-options.md) and the delivery rules management API (docs/api/delivery-options.md), for openapi-paths.ts.
import { AUTH_ERRORS, arrayOf, companyOperation, json, operation, schemaRef, type OperationDef } from './openapi-helpers';

const RULES = 'A rule offers one carrier service (`service_id`), of one `delivery_type`, at one `price`, whenever all its '
  + '`conditions` hold: destination `countries` ("EU" for the member states, "*" anywhere), `postcodes` / `exclude_postcodes` '
  + 'patterns (`*`, `?`; a space names a GB outward code exactly), origin `warehouses`, `shipping_methods`, `rules_package_types`, '
  + 'package and consignment weight, size and count limits, order-value band, required `options` and `custom_fields`. '
  + 'Its `schedule` gives the cutoff (in the warehouse\'s time zone, per warehouse if needed), transit days and the carrier\'s '
  + 'working days; dates also skip public holidays of origin and destination. Prices are decimal text in the company currency: '
  + 'a fixed `amount` or `weight_bands` by total weight, optionally free above an order value. Rules are evaluated in creation order; '
  + 'where several give the same service, type and date, the cheapest is offered.';

export const deliveryOperations: OperationDef[] = [
  operation({
    method: 'post', path: '/api/2.0.0/company/{company_slug}/delivery_options/', operationId: 'getDeliveryOptions', tags: ['Delivery options'],
    security: [{ ApiKeyAuth: [] }],
    summary: 'Delivery options for a prospective shipment',
    description: 'Every option whose rule matches, ordered by estimated delivery date (undated options by price alone), then price; '
      + 'an empty list is a valid answer. Only `recipient.address.country` is required; without `warehouse_id` the company\'s '
      + 'default warehouse is the origin. Without `shipping_date`, `shipping_date`, `estimated_delivery_date` and `cutoff` are null. '
      + 'A shipping date before today (in the warehouse\'s zone) counts as today; after the cutoff the shipping day moves to the next '
      + 'working day. `order_value` in another currency than the company\'s matches no order-value band and gets no free delivery. '
      + 'The path works with and without the trailing slash.',
    requestBody: { required: true, ...json('The prospective shipment (docs/api/delivery-options.md).', schemaRef('DeliveryOptionsRequest')) },
    responses: { 200: json('The options.', schemaRef('DeliveryOptionsResponse')) }, errors: [400, 413, 415, ...AUTH_ERRORS],
  }),
  companyOperation({
    method: 'get', path: '/delivery-rules', operationId: 'listDeliveryRules', tags: ['Delivery rules'],
    summary: 'List the delivery rules', description: `A bare array in evaluation (creation) order. ${RULES}`,
    responses: { 200: json('The rules.', arrayOf('DeliveryRule')) },
  }),
  companyOperation({
    method: 'post', path: '/delivery-rules', operationId: 'createDeliveryRule', tags: ['Delivery rules'],
    summary: 'Add a delivery rule',
    description: 'Visible to the next delivery-options request and allocation on every replica. At most 1,000 rules per company (409 beyond). '
      + '`service_id` must be a carrier service enabled for the company and `warehouses` must exist (400 otherwise).',
    requestBody: { required: true, ...json('The rule.', schemaRef('DeliveryRuleInput')) },
    responses: { 201: json('The stored rule, defaults filled in.', schemaRef('DeliveryRule')) }, errors: [400, 409, 413, 415],
  }),
  companyOperation({
    method: 'post', path: '/delivery-rules/preview', operationId: 'previewDeliveryRules', tags: ['Delivery rules'],
    summary: 'Quote a basket against a proposed rule set, saving nothing',
    description: 'What the delivery-options API would answer for `basket` if `rules` (the whole set, in order) and `settings` were saved, '
      + 'quoted by the same engine. Each rule is checked as a create would check it; every problem comes back at once under its path '
      + '(`rules.1.price.base`, `basket.country`). Same credentials as the rest of the rules API; nothing is stored or announced.',
    requestBody: { required: true, ...json('The proposed rules and the basket.', schemaRef('DeliveryRulesPreviewInput')) },
    responses: { 200: json('The options, as delivery options answers them.', schemaRef('DeliveryOptionsResponse')) }, errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/delivery-rules/{rule_id}', operationId: 'getDeliveryRule', tags: ['Delivery rules'],
    summary: 'Get a delivery rule', responses: { 200: json('The rule.', schemaRef('DeliveryRule')) }, errors: [404],
  }),
  companyOperation({
    method: 'put', path: '/delivery-rules/{rule_id}', operationId: 'replaceDeliveryRule', tags: ['Delivery rules'],
    summary: 'Replace a delivery rule', description: 'Full replacement; read-only fields sent back are ignored, so GET, change and PUT works.',
    requestBody: { required: true, ...json('The rule.', schemaRef('DeliveryRuleInput')) },
    responses: { 200: json('The stored rule.', schemaRef('DeliveryRule')) }, errors: [400, 404, 413, 415],
  }),
  companyOperation({
    method: 'delete', path: '/delivery-rules/{rule_id}', operationId: 'deleteDeliveryRule', tags: ['Delivery rules'],
    summary: 'Delete a delivery rule', responses: { 204: { description: 'Deleted.' } }, errors: [404],
  }),
  companyOperation({
    method: 'get', path: '/delivery-settings', operationId: 'getDeliverySettings', tags: ['Delivery rules'],
    summary: 'Allocation preference and currency of the rules',
    responses: { 200: json('The settings.', schemaRef('DeliverySettings')) },
  }),
  companyOperation({
    method: 'put', path: '/delivery-settings', operationId: 'updateDeliverySettings', tags: ['Delivery rules'],
    summary: 'Change the allocation preference or currency',
    description: '`allocation_preference` orders the services allocation by rules tries: `cheapest` (price, then delivery date) or '
      + '`fastest` (delivery date, then price). Either field may be sent alone.',
    requestBody: { required: true, ...json('The settings to change.', schemaRef('DeliverySettings')) },
    responses: { 200: json('The settings.', schemaRef('DeliverySettings')) }, errors: [400, 413, 415],
  }),
];
