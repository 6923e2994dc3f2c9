import type { Consignment, Package, Recipient } from '@waybill/contracts';

/**
 * The consignment as the consignment service answers it (contracts/api/consignment.json, generated type),
 * with `packages` and `recipient` made present at the boundary so the documents code need not ask again.
 */
export type ConsignmentView = Omit<Consignment, 'packages' | 'recipient'> & { recipient: Recipient; packages: Package[] };

export type { Address as AddressView, Item as ItemView, Package as PackageView, Recipient as RecipientView } from '@waybill/contracts';

/** Narrows the owner's answer; a consignment without a recipient cannot exist (the owner requires one). */
export function asView(c: Consignment): ConsignmentView {
  if (!c.recipient) throw new Error(`consignment ${c.identifier} has no recipient`);
  return { ...c, recipient: c.recipient, packages: c.packages ?? [] };
}

/** The calendar date printed on documents: the shipping date, else the day the consignment was created. */
export function documentDate(c: ConsignmentView): string {
  return (c.shipping_date || c.create_date || '').slice(0, 10);
}
