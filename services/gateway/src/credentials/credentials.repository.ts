import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GatewayDb } from './credentials.table';
import { hashPassword, sha256Hex } from './hashing';

export type SecretKind = 'api_tokens' | 'delivery_keys';

export async function createCompany(db: Kysely<GatewayDb>, slug: string, name: string): Promise<void> {
  await db.insertInto('companies').values({ slug, name }).onConflict((oc) => oc.column('slug').doUpdateSet({ name })).execute();
}

export async function companyExists(db: Kysely<GatewayDb>, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('companies').select('slug').where('slug', '=', slug).executeTakeFirst());
}

/** Creates the user or resets its password (the demo seed re-applies DEMO_PASSWORD on every start). */
export async function upsertUser(db: Kysely<GatewayDb>, company: string, username: string, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.insertInto('users').values({ username, company, password_hash })
    .onConflict((oc) => oc.column('username').doUpdateSet({ company, password_hash }))
    .execute();
}

/** A name holding U+0000 cannot exist (Postgres cannot store one) and would fail the query: nobody. */
export async function findUser(db: Kysely<GatewayDb>, username: string) {
  if (username.includes('\u0000')) return undefined;
  return db.selectFrom('users').select(['username', 'company', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

/** Stores a secret by its digest only; the clear value is shown once to whoever created it. */
export async function addSecret(db: Kysely<GatewayDb>, kind: SecretKind, company: string, label: string, secret: string): Promise<string> {
  const hash = sha256Hex(secret);
  const existing = await db.selectFrom(kind).select('id').where('secret_hash', '=', hash).executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await db.insertInto(kind).values({ id, company, label, secret_hash: hash }).execute();
  return id;
}

export async function findSecret(db: Kysely<GatewayDb>, kind: SecretKind, secret: string) {
  return db.selectFrom(kind).select(['id', 'company', 'secret_hash', 'label'])
    .where('secret_hash', '=', sha256Hex(secret)).where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeSecret(db: Kysely<GatewayDb>, kind: SecretKind, id: string): Promise<boolean> {
  const r = await db.updateTable(kind).set({ revoked_at: new Date().toISOString() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
