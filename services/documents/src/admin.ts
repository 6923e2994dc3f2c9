import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { DocumentsDb } from './database';
import { migrations } from './migrations';
import { DEFAULT_SETTINGS, findSettings, upsertSettings, type DocumentSettings } from './settings/settings.repository';
import { SCHEMA } from './service';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface DocumentsAdmin {
  /** Changes the given settings of a company, keeping the others. */
  configureCompany(company: string, s: Partial<DocumentSettings>): Promise<void>;
  close(): Promise<void>;
}

export async function openDocumentsAdmin(target: DbTarget): Promise<DocumentsAdmin> {
  const database = openDatabase<DocumentsDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  return {
    configureCompany: async (company, s) => {
      const current = await findSettings(db, company);
      await upsertSettings(db, company, { ...DEFAULT_SETTINGS, ...current, ...s, contact: { ...current.contact, ...s.contact } });
    },
    close: () => database.close(),
  };
}
