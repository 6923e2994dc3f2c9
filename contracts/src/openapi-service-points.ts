// Service points near a place from the carriers' locators (docs/api/service-points.md), for openapi.ts.
import { companyOperation, json, query, type OperationDef } from './openapi-helpers';

export const SERVICE_POINTS_TAG = {
  name: 'Service points',
  description: "Carriers' lockers, parcel shops, post offices and depots near a postcode or coordinates, nearest first, with opening hours; "
    + "from carriers whose `capabilities` list `service_points`, each carrier's answer cached for a day.",
};

const hhmm = { type: 'string', pattern: '^[0-2][0-9]:[0-5][0-9]$' };
const point = {
  type: 'object',
  required: ['id', 'carrier_id', 'name', 'type', 'address', 'latitude', 'longitude', 'distance_m', 'opening_hours'],
  properties: {
    id: { type: 'string', description: '`<carrier_id>:<the carrier\'s point id>`.', examples: ['swiftpost:SW0012345678'] },
    carrier_id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['locker', 'shop', 'post_office', 'depot'] },
    address: {
      type: 'object', required: ['address1', 'city', 'postcode', 'country'],
      properties: { address1: { type: 'string' }, city: { type: 'string' }, postcode: { type: 'string' }, country: { type: 'string' } },
    },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    distance_m: { type: 'integer', description: 'Metres from the place searched.' },
    opening_hours: {
      type: 'array',
      items: { type: 'object', required: ['day', 'open', 'close'], properties: { day: { type: 'string', enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }, open: hhmm, close: hhmm } },
    },
  },
};

export const servicePointOperations: OperationDef[] = [
  companyOperation({
    method: 'get', path: '/service-points', operationId: 'searchServicePoints', tags: ['Service points'],
    summary: 'Service points near a postcode or coordinates, nearest first',
    description: 'Asks every carrier the company reaches that lists `service_points` (or only `carrier`), merges the answers nearest first and '
      + 'keeps `limit`. `Cache-Status: waybill; hit` when every carrier\'s answer came from the day-long cache. Without `carrier`, a carrier '
      + 'that fails is left out; with it, its refusal is a 409 with its reason.',
    parameters: [
      { ...query('country', { type: 'string', pattern: '^[A-Za-z]{2}$' }, 'ISO 3166-1 alpha-2.'), required: true },
      query('postcode', { type: 'string', maxLength: 16 }, 'Required unless latitude and longitude are given.'),
      query('latitude', { type: 'number', minimum: -90, maximum: 90 }, 'With longitude: searched around these coordinates instead of the postcode.'),
      query('longitude', { type: 'number', minimum: -180, maximum: 180 }, 'With latitude.'),
      query('carrier', { type: 'string' }, 'Only this carrier\'s points.'),
      query('limit', { type: 'integer', minimum: 1, maximum: 50, default: 10 }, 'How many points.'),
    ],
    responses: { 200: json('The points, nearest first.', { type: 'object', required: ['results'], properties: { results: { type: 'array', items: point } } }) },
    errors: [400, 409],
  }),
];
