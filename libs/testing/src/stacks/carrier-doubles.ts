import { DhlExpressDouble, RoyalMailDouble, UpsDouble } from '@waybill/carrier-doubles';

/**
 * The local doubles of the real carriers (libs/carrier-doubles) that every e2e stack points its
 * carrier-link at through `CARRIER_BASE_URL_<CARRIER>`: no test ever calls a carrier's host. They run in
 * the test's own process, so a test adds the clients an account authenticates as, injects faults and
 * reads what the service sent.
 */
export interface CarrierDoubles {
  ups: UpsDouble;
  royalmail: RoyalMailDouble;
  dhlExpress: DhlExpressDouble;
  /** `CARRIER_BASE_URL_UPS`, `_ROYALMAIL`, `_DHL_EXPRESS` pointing at them. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startCarrierDoubles(): Promise<CarrierDoubles> {
  const ups = new UpsDouble();
  const royalmail = new RoyalMailDouble();
  const dhlExpress = new DhlExpressDouble();
  const [upsUrl, royalmailUrl, dhlUrl] = await Promise.all([ups.start(), royalmail.start(), dhlExpress.start()]);
  return {
    ups, royalmail, dhlExpress,
    env: { CARRIER_BASE_URL_UPS: upsUrl, CARRIER_BASE_URL_ROYALMAIL: royalmailUrl, CARRIER_BASE_URL_DHL_EXPRESS: dhlUrl },
    stop: async () => {
      await Promise.all([ups.stop(), royalmail.stop(), dhlExpress.stop()]);
    },
  };
}
