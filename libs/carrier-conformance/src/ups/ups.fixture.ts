import { MemoryTokenStore, TokenCache, upsAdapter, type BookingLabelFormat, type Carrier } from '@waybill/carriers';
import { UpsDouble } from '@waybill/carrier-doubles';

export const UPS_CLIENT = { clientId: 'demo-client-id', clientSecret: 'demo-client-secret-0001', accountNumber: 'A1B2C3' };

/** A UPS double, and UPS carriers bound to accounts whose calls go to it (CARRIER_BASE_URL_UPS). */
export async function upsFixture(env: Record<string, string> = {}) {
  const double = new UpsDouble({ clients: [UPS_CLIENT] });
  await double.start();
  const fullEnv = { CARRIER_BASE_URL_UPS: double.url, CARRIER_BREAKER_FAILURES: '5', CARRIER_BREAKER_OPEN_MS: '400', ...env };
  let accounts = 0;
  const carrier = (opts: { labelFormat?: BookingLabelFormat; secret?: string; tokens?: TokenCache; timeoutMs?: number; accountId?: string } = {}): Carrier => {
    accounts += 1;
    const adapter = upsAdapter({
      tokens: opts.tokens ?? new TokenCache(new MemoryTokenStore()), trackingBaseUrl: 'http://localhost:8080',
      env: { ...fullEnv, ...(opts.timeoutMs ? { CARRIER_TIMEOUT_MS: String(opts.timeoutMs) } : {}) },
    });
    return adapter.forAccount({
      id: opts.accountId ?? `acct-${accounts}`, company: 'demo-co', testMode: true, bookingLabelFormat: opts.labelFormat ?? 'pdf',
      credentials: { client_id: UPS_CLIENT.clientId, client_secret: opts.secret ?? UPS_CLIENT.clientSecret, account_number: UPS_CLIENT.accountNumber },
    });
  };
  return { double, carrier, stop: () => double.stop() };
}
