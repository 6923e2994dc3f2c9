export * from './generated/api';
export * from './generated/events';
export * from './generated/webhooks';
export { SchemaId, allSchemas, getSchema, type JsonSchema, type SchemaIdValue } from './schemas';
export {
  validate, firstErrorDetail, prefixErrors, NON_FIELD_ERRORS, type ValidationErrors, type ValidationResult,
} from './validation';
export { NULL_CHARACTERS_MESSAGE, unstorableTextErrors } from './storable-text';
export { isLooseDateTime, parseLooseDateTime } from './formats';
export {
  EventType, eventDataSchemaIds, validateEvent, type DomainEvent, type EventDataByType, type EventTypeName,
} from './events';
export { buildOpenApi, type OpenApiOptions } from './openapi';
export { countryCode, COUNTRY_MESSAGE } from './countries';
