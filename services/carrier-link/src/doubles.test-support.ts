import { DhlExpressDouble, RoyalMailDouble, type DhlDoubleAccount, type RmDoubleAccount } from '@waybill/carrier-doubles';
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
