import type { Migration } from 'kysely';
import * as accounts from './20261126000000_carrier_accounts';

export const migrations: Record<string, Migration> = {
  '20261126000000_carrier_accounts': accounts,
};
