export * from './ups';
export * from './royalmail';
export { DoubleServer, schemaProblems as doubleSchemaProblems, type InjectedFault, type DoubleAnswer } from './kit/double-server';
