import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { DocumentsDb } from './database';
import { migrations } from './migrations';
import { DEFAULT_SETTINGS, findSettings, upsertSettings, type DocumentSettings } from './settings/settings.repository';
import { SCHEMA } from './service';
import type { CompanyContact } from './documents/sender';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface DocumentsAdmin {
  /** Changes the given settings of a company, keeping the others (the contact's too, detail by detail). */
  configureCompany(company: string, s: Partial<Omit<DocumentSettings, 'contact'>> & { contact?: Partial<CompanyContact> }): Promise<void>;
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
