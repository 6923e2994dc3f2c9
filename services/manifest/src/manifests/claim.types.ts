import type { Address } from '@waybill/carriers';

/**
 * What the consignment service answers to a manifest claim (its internal API,
 * services/consignment/src/manifests). Kept here as plain types: services share no code.
 */
export interface ClaimedConsignment {
  identifier: string;
  order_number: string;
  consignment_number: string;
  tracking_numbers: string[];
  recipient: { postcode: string; country: string };
  package_count: number;
  weight_kg: number | null;
}

export interface ClaimResult {
  manifest_id: string;
  carrier: { identifier: string; name: string };
  warehouse: { identifier: string; name: string; timezone: string; address: Address };
  consignments: ClaimedConsignment[];
}
