import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { GatewayDb } from './credentials/credentials.table';
import { addSecret, createCompany, findUser, revokeSecret, upsertUser } from './credentials/credentials.repository';
import { newSecret } from './credentials/hashing';
import { recordAudit } from './audit/audit.repository';
import { migrations } from './migrations';
import { SCHEMA } from './service';

/** Operator actions on credentials, used by the admin CLI and the demo seed. Secrets are returned once. */
export interface GatewayAdmin {
  createCompany(slug: string, name: string): Promise<void>;
  setUser(company: string, username: string, password: string): Promise<void>;
  addApiToken(company: string, label: string, token?: string): Promise<{ id: string; token: string }>;
  addDeliveryOptionsKey(company: string, label: string, key?: string): Promise<{ id: string; key: string }>;
  revokeApiToken(id: string): Promise<boolean>;
  /**
   * Records a change another service's admin made for the operator (carrier accounts, aliases, rules,
   * branding) in the company's audit log, under this admin's actor; nothing when it has none.
   */
  recordChange(company: string, action: string, target: string | null): Promise<void>;
  close(): Promise<void>;
}

export interface GatewayAdminOptions {
  /**
   * Who the changes are recorded as in the audit log (docs/operations.md#audit-log), e.g. `cli:<os user>`.
   * Without it nothing is recorded: the demo seed re-applies its credentials on every start.
   */
  auditActor?: string;
}

export async function openGatewayAdmin(target: DbTarget, o: GatewayAdminOptions = {}): Promise<GatewayAdmin> {
  const database = openDatabase<GatewayDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  // The CLI has no client address: the entry's source is the actor itself.
  const audit = async (company: string, action: string, auditTarget: string | null) => {
    if (o.auditActor) await recordAudit(db, { company, actor: o.auditActor, principal: o.auditActor, action, target: auditTarget, sourceIp: null });
  };
  return {
    createCompany: (slug, name) => createCompany(db, slug, name),
    setUser: async (company, username, password) => {
      const existed = Boolean(await findUser(db, username));
      await upsertUser(db, company, username, password);
      await audit(company, existed ? 'user.password_changed' : 'user.created', username);
    },
    addApiToken: async (company, label, token = newSecret('wbt_')) => {
      const id = await addSecret(db, 'api_tokens', company, label, token);
      await audit(company, 'api_token.created', id);
      return { id, token };
    },
    addDeliveryOptionsKey: async (company, label, key = newSecret('wbk_')) => {
      const id = await addSecret(db, 'delivery_keys', company, label, key);
      await audit(company, 'delivery_key.created', id);
      return { id, key };
    },
    revokeApiToken: async (id) => {
      const row = await db.selectFrom('api_tokens').select('company').where('id', '=', id).executeTakeFirst();
      const revoked = await revokeSecret(db, 'api_tokens', id);
      if (revoked && row) await audit(row.company, 'api_token.revoked', id);
      return revoked;
    },
    recordChange: audit,
    close: () => database.close(),
  };
}
