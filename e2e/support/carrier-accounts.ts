import { eventually } from '@waybill/testing';
import type { client } from './client';
import type { CarrierDoubles } from './carrier-doubles';

export type RealCarrier = 'ups' | 'royalmail' | 'dhl_express';

/**
 * Adds one account per real carrier through `POST /carrier-accounts` and waits until the company's
 * services show them (its lookups are cached for a few seconds). Resolves to each account's identifier.
 */
export async function addCarrierAccounts(api: ReturnType<typeof client>, credentials: Record<RealCarrier, Record<string, string>>): Promise<Record<RealCarrier, string>> {
  const accounts = {} as Record<RealCarrier, string>;
  for (const carrier of Object.keys(credentials) as RealCarrier[]) {
    const res = await api.post('/carrier-accounts', { carrier, name: `${carrier} account`, test_mode: true, credentials: credentials[carrier] });
    if (res.status !== 201) throw new Error(`account ${carrier}: ${res.status} ${res.text}`);
    accounts[carrier] = res.body.identifier;
  }
  await eventually(async () => ((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier === 'DHL Express|DHL Express Worldwide'),
    { timeoutMs: 20_000, what: 'the accounts\' services in /carrierservices' });
  return accounts;
}

/** After a test: no fault left injected in any double; returns what the services sent that broke a carrier's description. */
export function settleDoubles(carriers: CarrierDoubles): string[] {
  const doubles = [carriers.ups, carriers.royalmail, carriers.dhlExpress];
  for (const d of doubles) d.clearFaults();
  return doubles.flatMap((d) => d.violations);
}
