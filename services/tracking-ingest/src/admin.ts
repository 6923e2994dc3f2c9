import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import { SecretBox } from '@waybill/internal-auth';
import type { TrackingDb } from './database';
import { migrations } from './migrations';
import { CarrierSecrets } from './secrets/carrier-secrets';
import { SCHEMA } from './service';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface TrackingAdmin {
  /** Sets (or replaces) the secret a carrier signs its tracking pushes with; stored sealed. */
  setCarrierSecret(carrierId: string, secret: string): Promise<void>;
  close(): Promise<void>;
}

export async function openTrackingAdmin(target: DbTarget, dataEncryptionKey: string): Promise<TrackingAdmin> {
  const box = new SecretBox(dataEncryptionKey);
  const database = openDatabase<TrackingDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const secrets = new CarrierSecrets(database.db, box);
  return {
    setCarrierSecret: (carrierId, secret) => secrets.set(carrierId, secret),
    close: () => database.close(),
  };
}
