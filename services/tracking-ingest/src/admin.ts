import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import { SecretBox } from '@waybill/internal-auth';
import type { TrackingDb } from './database';
import { migrations } from './migrations';
import { CarrierSecrets } from './secrets/carrier-secrets';
import { SCHEMA } from './service';
import { findBranding, type Branding } from './branding/branding.repository';
import { updateBranding } from './branding/branding.service';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface TrackingAdmin {
  /** Sets (or replaces) the secret a carrier signs its tracking pushes with; stored sealed. */
  setCarrierSecret(carrierId: string, secret: string): Promise<void>;
  /** A company's tracking page settings, changed first by `changes` when given (validated as the API validates them). */
  trackingPage(company: string, changes?: Record<string, string | null>): Promise<Branding>;
  close(): Promise<void>;
}

/** `dataEncryptionKey` is needed only to set carrier secrets. */
export async function openTrackingAdmin(target: DbTarget, dataEncryptionKey?: string): Promise<TrackingAdmin> {
  const database = openDatabase<TrackingDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const secrets = dataEncryptionKey ? new CarrierSecrets(database.db, new SecretBox(dataEncryptionKey)) : undefined;
  return {
    setCarrierSecret: (carrierId, secret) => {
      if (!secrets) throw new Error('DATA_ENCRYPTION_KEY is needed to store carrier secrets');
      return secrets.set(carrierId, secret);
    },
    trackingPage: (company, changes) => (changes ? updateBranding(database.db, company, changes) : findBranding(database.db, company)),
    close: () => database.close(),
  };
}
