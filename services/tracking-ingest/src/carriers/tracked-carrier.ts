import type { Carrier, CarrierRegistry } from '@waybill/carrier-model';

/**
 * What this service needs of a carrier: its names and services (to find a consignment's carrier), its
 * code table and native push body (to read events), and its proof of delivery. The sandbox carriers are
 * whole carriers; a real carrier is read through its adapter's declarations, and its proof of delivery
 * is asked of carrier-link, which alone holds the credentials.
 */
export type TrackedCarrier = Pick<Carrier, 'identifier' | 'name' | 'services' | 'trackingCodes' | 'parseTrackingPush' | 'proofOfDelivery'> & {
  /** It pushes with Bearer tokens from Waybill's token endpoint (UPS Track Alert), beside the signed generic body. */
  readonly pushesWithOAuth?: boolean;
};

export type TrackedCarriers = CarrierRegistry<TrackedCarrier>;
