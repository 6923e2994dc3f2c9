import type { AddressView, RecipientView } from './consignment.view';

/** Who the parcel is from, as printed on labels and invoices. */
export interface Sender {
  name: string;
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  email: string | null;
  phone: string | null;
  eori: string | null;
}

/** The company's own contact details (documents settings); the warehouse gives the address. */
export interface CompanyContact {
  name: string | null;
  email: string | null;
  phone: string | null;
  eori: string | null;
}

export interface WarehouseView {
  identifier: string;
  name: string;
  is_default?: boolean;
  address: AddressView & { company_name?: string | null; name?: string | null };
}

// docs/api/consignments.md: each override replaces one sender detail for this consignment only. The address-2 key is
// spelled `override_send_address2` in the Scurri API, and integrations send it so.
const OVERRIDES: ReadonlyArray<[keyof Sender, string]> = [
  ['name', 'override_sender_name'], ['address1', 'override_sender_address1'], ['address2', 'override_send_address2'],
  ['address3', 'override_sender_address3'], ['city', 'override_sender_city'], ['state', 'override_sender_state'],
  ['postcode', 'override_sender_postcode'], ['country', 'override_sender_country'], ['email', 'override_sender_email'],
  ['phone', 'override_sender_phone'], ['eori', 'override_sender_eori'],
];

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function senderOf(warehouse: WarehouseView, contact: CompanyContact, overrides: object | null | undefined): Sender {
  const a = warehouse.address;
  const base: Sender = {
    name: a.company_name || contact.name || warehouse.name,
    address1: a.address1, address2: a.address2 ?? null, address3: a.address3 ?? null,
    city: a.city, state: a.state ?? null, postcode: a.postcode, country: a.country,
    email: contact.email, phone: contact.phone, eori: contact.eori,
  };
  for (const [field, key] of OVERRIDES) {
    const v = (overrides as Record<string, unknown> | null | undefined)?.[key];
    if (present(v)) (base as unknown as Record<string, string>)[field] = v.trim();
  }
  return base;
}

/**
 * A return's sender (docs/api/returns.md): the outbound's recipient, who prints the label and hands the
 * parcel over; the company's EORI still declares the goods coming back to it.
 */
export function returnSenderOf(from: RecipientView, contact: CompanyContact): Sender {
  const a = from.address;
  return {
    name: from.company_name || from.name, address1: a.address1, address2: a.address2 ?? null, address3: a.address3 ?? null,
    city: a.city, state: a.state ?? null, postcode: a.postcode, country: a.country,
    email: from.email_address ?? null, phone: from.contact_number ?? null, eori: contact.eori,
  };
}
