import type { Migration } from 'kysely';
import * as initial from './20260115000000_initial';

export const migrations: Record<string, Migration> = {
  '20260115000000_initial': initial,
};
