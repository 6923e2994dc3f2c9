import type { CarrierLinkDeps } from '../deps';
import { openCredentials } from '../accounts/account.service';
import type { AccountRow } from '../accounts/account.table';

/**
 * Runs `fn` (calls to the account's carrier) with each outbound call recorded in the call log, attributed
 * to the account and, when there is one, the consignment. The account's secret credential values go with
 * the attribution so that the log masks them wherever they appear.
 */
export function recordingCalls<T>(deps: CarrierLinkDeps, account: AccountRow, consignment: string | null, fn: () => Promise<T>): Promise<T> {
  if (!deps.calls?.enabled) return fn();
  const keys = deps.adapters.get(account.carrier)?.credentialKeys ?? [];
  let secrets: string[] = [];
  try {
    const credentials = openCredentials(deps, account);
    secrets = keys.filter((k) => k.secret).map((k) => credentials[k.name]).filter((v): v is string => typeof v === 'string' && v.length >= 4);
  } catch {
    // Credentials that do not open fail the call itself, not its record.
  }
  return deps.calls.scope({ company: account.company, account: account.id, consignment, secrets }, fn);
}
