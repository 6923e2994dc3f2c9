import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ConflictError } from '@waybill/http';
import { isUniqueViolation } from '@waybill/db';
import type { ConsignmentDb } from '../database';

const WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim older than this belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MS = 2 * 60 * 1000;

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export type Claim = { kind: 'replay'; response: unknown } | { kind: 'claimed' };

/**
 * Claims an Idempotency-Key for a request. A finished request under the same key within 24 hours is
 * replayed; a different body under the same key, or one still running, is a conflict.
 */
export async function claimKey(db: Kysely<ConsignmentDb>, company: string, key: string, hash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db.selectFrom('idempotency_keys').selectAll().where('company', '=', company).where('key', '=', key).executeTakeFirst();
    if (row) {
      const age = Date.now() - new Date(row.created_at).getTime();
      if (age > WINDOW_MS) {
        await db.deleteFrom('idempotency_keys').where('company', '=', company).where('key', '=', key).execute();
        continue;
      }
      if (row.request_hash !== hash) throw new ConflictError('This Idempotency-Key was already used with a different request body.');
      if (row.response !== null) return { kind: 'replay', response: row.response };
      if (age < STALE_CLAIM_MS) throw new ConflictError('A request with this Idempotency-Key is still being processed; retry shortly.');
      await db.updateTable('idempotency_keys').set({ created_at: new Date().toISOString() }).where('company', '=', company).where('key', '=', key).execute();
      return { kind: 'claimed' };
    }
    try {
      await db.insertInto('idempotency_keys').values({ company, key, request_hash: hash, response: null }).execute();
      return { kind: 'claimed' };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new ConflictError('A request with this Idempotency-Key is still being processed; retry shortly.');
}

export async function storeResponse(db: Kysely<ConsignmentDb>, company: string, key: string, response: unknown): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response: JSON.stringify(response) }).where('company', '=', company).where('key', '=', key).execute();
}

export async function releaseKey(db: Kysely<ConsignmentDb>, company: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('company', '=', company).where('key', '=', key).where('response', 'is', null).execute();
}

export async function purgeExpiredKeys(db: Kysely<ConsignmentDb>): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', sql<Date>`now() - interval '24 hours'`).execute();
}
