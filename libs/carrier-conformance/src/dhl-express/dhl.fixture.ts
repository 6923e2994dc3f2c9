import { dhlExpressAdapter, type BookingLabelFormat, type Carrier } from '@waybill/carriers';
import { DhlExpressDouble } from '@waybill/carrier-doubles';

export const DHL_ACCOUNT = { apiKey: 'dhl-api-key', apiSecret: 'dhl-api-secret-0001', accountNumber: '123456789' };

/** A DHL Express double and DHL carriers bound to accounts whose calls go to it (CARRIER_BASE_URL_DHL_EXPRESS). */
export async function dhlFixture(env: Record<string, string> = {}) {
  const double = new DhlExpressDouble([DHL_ACCOUNT]);
  await double.start();
  const fullEnv = { CARRIER_BASE_URL_DHL_EXPRESS: double.url, CARRIER_BREAKER_FAILURES: '5', CARRIER_BREAKER_OPEN_MS: '400', ...env };
  let n = 0;
  const carrier = (opts: { labelFormat?: BookingLabelFormat; secret?: string; timeoutMs?: number } = {}): Carrier => {
    n += 1;
    const adapter = dhlExpressAdapter({ trackingBaseUrl: 'http://localhost:8080', env: { ...fullEnv, ...(opts.timeoutMs ? { CARRIER_TIMEOUT_MS: String(opts.timeoutMs) } : {}) } });
    return adapter.forAccount({
      id: `dhl-acct-${n}`, company: 'demo-co', testMode: true, bookingLabelFormat: opts.labelFormat ?? 'pdf',
      credentials: { api_key: DHL_ACCOUNT.apiKey, api_secret: opts.secret ?? DHL_ACCOUNT.apiSecret, account_number: DHL_ACCOUNT.accountNumber },
    });
  };
  return { double, carrier, stop: () => double.stop() };
}
