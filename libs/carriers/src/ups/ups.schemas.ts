/** Every JSON Schema of UPS's API that Waybill relies on (the double checks requests against them). */
export { shipRequestSchema, UPS_SERVICE_CODES, UPS_PACKAGING_CODES, UPS_INCOTERMS } from './ups.ship.schema';
export * from './ups.api.schema';
export type { Schema } from './ups.schema-kit';
export * from './ups.pickup.schema';
export * from './ups.locator.schema';
export { rateRequestSchema, ratePathSchema, rateAnswerSchema, UPS_RATE_VERSION, UPS_RATE_OPTIONS } from './ups.rate.schema';
