import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { GatewayDb } from './credentials/credentials.table';
import { addSecret, createCompany, revokeSecret, upsertUser } from './credentials/credentials.repository';
import { newSecret } from './credentials/hashing';
import { migrations } from './migrations';
import { SCHEMA } from './service';

/** Operator actions on credentials, used by the admin CLI and the demo seed. Secrets are returned once. */
export interface GatewayAdmin {
  createCompany(slug: string, name: string): Promise<void>;
  setUser(company: string, username: string, password: string): Promise<void>;
  addApiToken(company: string, label: string, token?: string): Promise<{ id: string; token: string }>;
  addDeliveryOptionsKey(company: string, label: string, key?: string): Promise<{ id: string; key: string }>;
  revokeApiToken(id: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function openGatewayAdmin(target: DbTarget): Promise<GatewayAdmin> {
  const database = openDatabase<GatewayDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  return {
    createCompany: (slug, name) => createCompany(db, slug, name),
    setUser: (company, username, password) => upsertUser(db, company, username, password),
    addApiToken: async (company, label, token = newSecret('wbt_')) => ({ id: await addSecret(db, 'api_tokens', company, label, token), token }),
    addDeliveryOptionsKey: async (company, label, key = newSecret('wbk_')) => ({ id: await addSecret(db, 'delivery_keys', company, label, key), key }),
    revokeApiToken: (id) => revokeSecret(db, 'api_tokens', id),
    close: () => database.close(),
  };
}
