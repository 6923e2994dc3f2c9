// Rate sheets and POST /rates (docs/api/rates.md), for openapi-paths.ts.
import { arrayOf, companyOperation, json, schemaRef, type OperationDef } from './openapi-helpers';

export const RATES_TAG = {
  name: 'Rates',
  description: 'What each service costs: rate sheets by destination zone and parcel weight, and a quick price comparison over every service.',
};

const CHAIN = 'Checkout, allocation by `cheapest` and POST /rates price an option through the same chain: the carrier\'s live rate through the '
  + 'company\'s carrier account (UPS, DHL Express; all carriers asked at once within RATES_TIMEOUT_MS, answers reused 10 minutes, the rule\'s markup added), '
  + 'else the company\'s rate sheet for the '
  + 'service, when the destination falls in one of its zones (country, then the longest postcode prefix) and every parcel in a band, '
  + 'else the rule\'s own price; `price.source` says which (`carrier`, `rate_sheet` or `rule`). A rule\'s free-above promotion still makes the option free. '
  + 'A sheet in another currency than the company\'s delivery currency is left out.';

export const rateOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/rate-sheets', operationId: 'listRateSheets', tags: [RATES_TAG.name],
    summary: 'List the rate sheets', description: `A bare array, oldest first. ${CHAIN}`,
    responses: { 200: json('The sheets.', arrayOf('RateSheet')) },
  }),
  companyOperation({
    method: 'post', path: '/rate-sheets', operationId: 'createRateSheet', tags: [RATES_TAG.name],
    summary: 'Add a rate sheet',
    description: 'One sheet per service: a second one for the same service is a 400 naming the first. Every bad value is a 400 under its path '
      + '(`service_id`, `zones.1.countries.0`, `bands.2.max_weight_kg`, `bands.0.prices.<zone>`). Used by the next checkout on every replica. At most 200 per company (409 beyond).',
    requestBody: { required: true, ...json('The sheet.', schemaRef('RateSheetInput')) },
    responses: { 201: json('The stored sheet.', schemaRef('RateSheet')) }, errors: [400, 409, 413, 415],
  }),
  companyOperation({
    method: 'post', path: '/rate-sheets/import', operationId: 'importRateSheet', tags: [RATES_TAG.name],
    summary: 'Create or replace a service\'s rate sheet from CSV',
    description: 'The CSV has a header line naming the columns `zone,countries,postcode_prefixes,max_weight_kg,price` (any order; '
      + '`postcode_prefixes` optional) and one row per zone and band; lists inside a cell are separated by spaces or semicolons. '
      + 'A refused row is a 400 under `csv.line <n>` naming the bad value.',
    requestBody: { required: true, ...json('The service and the CSV text.', schemaRef('RateSheetImportInput')) },
    responses: { 200: json('The replaced sheet.', schemaRef('RateSheet')), 201: json('The new sheet.', schemaRef('RateSheet')) }, errors: [400, 409, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/rate-sheets/{rate_sheet_id}', operationId: 'getRateSheet', tags: [RATES_TAG.name],
    summary: 'Get a rate sheet', responses: { 200: json('The sheet.', schemaRef('RateSheet')) }, errors: [404],
  }),
  companyOperation({
    method: 'put', path: '/rate-sheets/{rate_sheet_id}', operationId: 'replaceRateSheet', tags: [RATES_TAG.name],
    summary: 'Replace a rate sheet', description: 'Full replacement; read-only fields sent back are ignored, so GET, change and PUT works.',
    requestBody: { required: true, ...json('The sheet.', schemaRef('RateSheetInput')) },
    responses: { 200: json('The stored sheet.', schemaRef('RateSheet')) }, errors: [400, 404, 413, 415],
  }),
  companyOperation({
    method: 'delete', path: '/rate-sheets/{rate_sheet_id}', operationId: 'deleteRateSheet', tags: [RATES_TAG.name],
    summary: 'Delete a rate sheet', description: 'Its service is priced by the rules again from the next checkout.',
    responses: { 204: { description: 'Deleted.' } }, errors: [404],
  }),
  companyOperation({
    method: 'post', path: '/rates', operationId: 'compareRates', tags: [RATES_TAG.name],
    summary: 'Compare prices over every service',
    description: 'From the origin (a warehouse, a country, or the default warehouse), the destination\'s country and optional postcode, and the parcels\' '
      + 'weights: one rate per service of the company that can carry them, cheapest first. A service a delivery rule offers comes with that '
      + `rule's delivery type and estimated date; one only its rate sheet prices comes without them. ${CHAIN} A carrier none of whose `
      + 'services could price the parcels gets one entry in `errors`. Returns services are left out.',
    requestBody: { required: true, ...json('What to ship where.', schemaRef('RatesRequest')) },
    responses: { 200: json('The rates and per-carrier errors.', schemaRef('RatesResponse')) }, errors: [400, 413, 415],
  }),
];
