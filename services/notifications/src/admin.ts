import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { NotificationsDb } from './database';
import { migrations } from './migrations';
import { SCHEMA } from './database';
import { findSettings, type Settings } from './settings/settings.repository';
import { updateSettings } from './settings/settings.service';

/** Operator actions on this service's data, used by the admin CLI. */
export interface NotificationsAdmin {
  /** A company's shipping e-mail settings, changed first by `changes` when given (validated as the API validates them). */
  settings(company: string, changes?: Record<string, unknown>): Promise<Settings>;
  close(): Promise<void>;
}

export async function openNotificationsAdmin(target: DbTarget): Promise<NotificationsAdmin> {
  const database = openDatabase<NotificationsDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  return {
    settings: (company, changes) => (changes ? updateSettings(database.db, company, changes) : findSettings(database.db, company)),
    close: () => database.close(),
  };
}
