import { royalMailAdapter, type Carrier } from '@waybill/carriers';
import { RoyalMailDouble } from '@waybill/carrier-doubles';

export const RM_ACCOUNT = { apiKey: 'rm-oba-key-0001', oba: true, tracking: { clientId: 'rm-track-id', clientSecret: 'rm-track-secret-0001' } };
export const RM_PRIVATE = { apiKey: 'rm-private-key-0002', oba: false };

/** A Royal Mail double and Royal Mail carriers bound to accounts whose calls go to it (CARRIER_BASE_URL_ROYALMAIL). */
export async function royalMailFixture(env: Record<string, string> = {}) {
  const double = new RoyalMailDouble([RM_ACCOUNT, RM_PRIVATE]);
  await double.start();
  const fullEnv = { CARRIER_BASE_URL_ROYALMAIL: double.url, CARRIER_BREAKER_FAILURES: '5', CARRIER_BREAKER_OPEN_MS: '400', ...env };
  let n = 0;
  const carrier = (opts: { apiKey?: string; tracking?: boolean; timeoutMs?: number } = {}): Carrier => {
    n += 1;
    const adapter = royalMailAdapter({ trackingBaseUrl: 'http://localhost:8080', env: { ...fullEnv, ...(opts.timeoutMs ? { CARRIER_TIMEOUT_MS: String(opts.timeoutMs) } : {}) } });
    return adapter.forAccount({
      id: `rm-acct-${n}`, company: 'demo-co', testMode: true, bookingLabelFormat: 'pdf',
      credentials: {
        api_key: opts.apiKey ?? RM_ACCOUNT.apiKey,
        ...(opts.tracking === false ? {} : { tracking_client_id: RM_ACCOUNT.tracking.clientId, tracking_client_secret: RM_ACCOUNT.tracking.clientSecret }),
      },
    });
  };
  return { double, carrier, stop: () => double.stop() };
}
