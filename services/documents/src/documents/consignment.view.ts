/**
 * The consignment as the consignment service answers it (API.md section 5): only the fields the documents
 * use, read defensively because the owner may add fields (ignored) and clients leave optional ones out.
 */
export interface AddressView {
  address1: string;
  address2?: string | null;
  address3?: string | null;
  city: string;
  state?: string | null;
  postcode: string;
  country: string;
}

export interface ItemView {
  name: string;
  sku?: string | null;
  quantity: number;
  value?: number | null;
  harmonisation_code?: string | null;
  country_of_origin?: string | null;
  weight?: number | null;
}

export interface PackageView {
  description?: string | null;
  weight?: number | null;
  weight_unit?: string | null;
  reference?: string | null;
  tracking_number?: string | null;
  items?: ItemView[] | null;
}

export interface RecipientView {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  email_address?: string | null;
  contact_number?: string | null;
  tax_identifier?: string | null;
  eori_number?: string | null;
  address: AddressView;
}

export interface ConsignmentView {
  identifier: string;
  order_number: string;
  create_date: string;
  carrier: string | null;
  service_id: string | null;
  service: string | null;
  warehouse_id: string | null;
  shipping_date?: string | null;
  currency?: string | null;
  recipient: RecipientView;
  packages: PackageView[];
  export_customs?: { reason_for_export?: string | null; shipping_cost?: string | null; ioss_number?: string | null } | null;
  invoice?: { incoterm?: string | null } | null;
  custom_attributes?: Record<string, string | null> | null;
  current_status: { status: string; rejection_reason: string | null };
  consignment_number: string | null;
}

/** The calendar date printed on documents: the shipping date, else the day the consignment was created. */
export function documentDate(c: ConsignmentView): string {
  return (c.shipping_date || c.create_date || '').slice(0, 10);
}
