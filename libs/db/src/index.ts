export { openDatabase, openPglite, PGLITE_START_PARAMS, type Database, type DbTarget } from './connection';
export { isContractMigration, migrateToLatest, migrateUpTo, pendingMigrations, schemaOf } from './migrator';
export { PgliteDialect } from './pglite-dialect';
export { isUniqueViolation } from './errors';
export type { Kysely, Transaction, Migration } from 'kysely';
export { sql } from 'kysely';
export { reusableQuery, type Param } from './reusable-query';
