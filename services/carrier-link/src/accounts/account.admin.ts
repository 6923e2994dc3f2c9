import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { CarrierAccount } from '@waybill/contracts';
import { declarationOf, type CarrierCredentialDeclaration } from '@waybill/carriers';
import { SecretBox } from '@waybill/internal-auth';
import { InlineJobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { carrierAdapters } from '../adapters';
import type { CarrierLinkDb } from '../database';
import type { CarrierLinkDeps } from '../deps';
import { migrations } from '../migrations';
import { SCHEMA } from '../service';
import { checkAccount, createAccount, listCompanyAccounts, patchAccount, removeAccount } from './account.service';

/**
 * Operator actions on carrier accounts, for the admin CLI: the same functions, validation and sealing
 * as the API's (carrier-link's own code on its own schema), so an account added here is the account the
 * API shows. `check` calls the carrier from the operator's process, through the same adapter and
 * `CARRIER_BASE_URL_<CARRIER>` as the service.
 */
export interface CarrierLinkAdmin {
  credentialKeys(): CarrierCredentialDeclaration[];
  add(company: string, body: unknown): Promise<CarrierAccount>;
  list(company: string): Promise<CarrierAccount[]>;
  check(company: string, id: string): Promise<{ ok: boolean; detail?: string }>;
  update(company: string, id: string, patch: unknown): Promise<CarrierAccount>;
  remove(company: string, id: string): Promise<void>;
  close(): Promise<void>;
}

export async function openCarrierLinkAdmin(
  target: DbTarget, dataEncryptionKey: string, o: { publicUrl?: string; env?: Record<string, string | undefined> } = {},
): Promise<CarrierLinkAdmin> {
  const database = openDatabase<CarrierLinkDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const logger = createLogger('carrier-link');
  const publicUrl = o.publicUrl ?? 'http://localhost:8080';
  const deps: CarrierLinkDeps = {
    db: database.db, logger, box: new SecretBox(dataEncryptionKey), publicUrl, jobs: new InlineJobDriver({ logger }),
    adapters: carrierAdapters({ trackingBaseUrl: publicUrl, env: o.env }),
  };
  return {
    credentialKeys: () => [...deps.adapters.values()].map(declarationOf),
    add: (company, body) => createAccount(deps, company, body),
    list: (company) => listCompanyAccounts(deps, company),
    check: (company, id) => checkAccount(deps, company, id),
    update: (company, id, patch) => patchAccount(deps, company, id, patch),
    remove: (company, id) => removeAccount(deps, company, id),
    close: async () => {
      await deps.jobs.close();
      await database.close();
    },
  };
}
