export { fieldRules, grams, type FieldRules } from './fields';
export { changingCall, checkedBy } from './calls';
export * as schemaKit from './schema-kit';
export type { Schema } from './schema-kit';
export { RealCarrier, adapterOf, type CarrierProfile } from './real-carrier';
export * from './address';
