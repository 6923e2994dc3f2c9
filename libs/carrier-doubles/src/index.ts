export * from './ups';
export * from './royalmail';
export * from './dhl-express';
export { DoubleServer, schemaProblems as doubleSchemaProblems, type InjectedFault, type DoubleAnswer } from './kit/double-server';
