import type { Kysely } from 'kysely';
import type { SecretBox } from '@waybill/internal-auth';
import type { CarrierLinkDb } from '../database';
import { sealContext } from './account.mapper';

/**
 * Key rotation of DATA_ENCRYPTION_KEY for carrier credentials: every account's sealed credentials
 * (deleted accounts' too) are opened with the old key and sealed again with the new one, each in its
 * own statement guarded by the old value, so a run can be interrupted and repeated. A value that no
 * longer opens with the old key is taken to be resealed already (it must open with the new one).
 */
export async function resealCredentials(db: Kysely<CarrierLinkDb>, from: SecretBox, to: SecretBox): Promise<{ resealed: number; already: number }> {
  const rows = await db.selectFrom('carrier_accounts').select(['id', 'credentials_sealed']).execute();
  let resealed = 0;
  let already = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = from.open(row.credentials_sealed, sealContext(row.id));
    } catch {
      to.open(row.credentials_sealed, sealContext(row.id)); // throws when neither key opens it
      already += 1;
      continue;
    }
    await db.updateTable('carrier_accounts').set({ credentials_sealed: to.seal(plain, sealContext(row.id)) })
      .where('id', '=', row.id).where('credentials_sealed', '=', row.credentials_sealed).execute();
    resealed += 1;
  }
  return { resealed, already };
}
