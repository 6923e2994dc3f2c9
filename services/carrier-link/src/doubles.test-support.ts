import { DhlExpressDouble, RoyalMailDouble, UpsDouble, type DhlDoubleAccount, type RmDoubleAccount } from '@waybill/carrier-doubles';
import { CarrierLinkHarness } from './test-support';
import type { CarrierLinkOptions } from './service';

/** carrier-link with the Royal Mail and DHL Express doubles as its carriers' hosts (CARRIER_BASE_URL_*). */
export async function withRoyalMailAndDhl(rmAccounts: RmDoubleAccount[], dhlAccounts: DhlDoubleAccount[], env: Record<string, string> = {}, opts: Omit<CarrierLinkOptions, 'env'> = {}) {
  const rm = new RoyalMailDouble(rmAccounts);
  const dhl = new DhlExpressDouble(dhlAccounts);
  await Promise.all([rm.start(), dhl.start()]);
  const h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_BASE_URL_DHL_EXPRESS: dhl.url, ...env }, opts);
  return {
    h, rm, dhl,
    async close() {
      await h.close();
      await Promise.all([rm.stop(), dhl.stop()]);
    },
  };
}

/** carrier-link with the UPS double as UPS's host, and `account()`: a new company with an enabled UPS account of the client. */
export async function withUps(client: { clientId: string; clientSecret: string; accountNumber: string }, env: Record<string, string> = {}, opts: Omit<CarrierLinkOptions, 'env'> = {}) {
  const ups = new UpsDouble({ clients: [client] });
  await ups.start();
  const h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: ups.url, CARRIER_TIMEOUT_MS: '3000', ...env }, opts);
  return {
    h, ups,
    async account(company: string) {
      const api = h.api(company);
      await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials: { client_id: client.clientId, client_secret: client.clientSecret, account_number: client.accountNumber } });
      return api;
    },
    async close() {
      await h.close();
      await ups.stop();
    },
  };
}
