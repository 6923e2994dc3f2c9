import type { Migration } from 'kysely';
import * as credentials from './20260101000000_credentials';

export const migrations: Record<string, Migration> = {
  '20260101000000_credentials': credentials,
};
