import { crossesCustomsBorder, type Address, type BookingRequest, type Contact, type CustomsDeclaration, type CustomsItem } from '@waybill/carrier-model';
import type { Warehouse } from '../companies/company.repository';
import type { ConsignmentData } from './consignment.table';

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const TO_KG: Record<string, number> = { g: 0.001, kg: 1 };

/** The currency a route's goods are declared in when the consignment names none. */
function defaultCurrency(country: string): string {
  const c = country.toUpperCase();
  return c === 'GB' ? 'GBP' : c === 'US' ? 'USD' : 'EUR';
}

function itemsOf(data: ConsignmentData): CustomsItem[] {
  return (data.packages ?? []).flatMap((p) => {
    const kg = TO_KG[String(p.weight_unit ?? 'kg')] ?? 1;
    return ((p.items as Json[] | null | undefined) ?? []).map((it) => ({
      description: String(it.name ?? ''),
      quantity: Number(it.quantity ?? 1),
      // Decimal text for the carrier: the client's value as it sent it, to the minor unit.
      unitValue: typeof it.value === 'number' ? it.value.toFixed(2) : '0.00',
      hsCode: text(it.harmonisation_code), originCountry: text(it.country_of_origin)?.toUpperCase() ?? null,
      weightKg: typeof it.weight === 'number' ? Math.round(it.weight * kg * 1000) / 1000 : null,
      sku: text(it.sku),
    }));
  });
}

/**
 * What a carrier that declares goods itself needs on a route crossing a customs border: the items, the
 * reason and incoterm, and an invoice number and date (the order number and the creation date, as the
 * documents service prints on Waybill's own invoice for the same consignment).
 */
export function customsOf(data: ConsignmentData, origin: Address, destination: Address, orderNumber: string): CustomsDeclaration | null {
  if (!crossesCustomsBorder(origin.country, destination.country)) return null;
  const exportCustoms = (data.export_customs ?? {}) as Json;
  const invoice = (data.invoice ?? {}) as Json;
  return {
    currency: text(data.currency)?.toUpperCase() ?? defaultCurrency(origin.country),
    items: itemsOf(data),
    reasonForExport: text(exportCustoms.reason_for_export),
    incoterm: text(invoice.incoterm),
    iossNumber: text(exportCustoms.ioss_number),
    invoiceNumber: orderNumber,
    invoiceDate: String(data.create_date ?? new Date().toISOString()).slice(0, 10),
  };
}

/** The recipient's phone, e-mail and tax or EORI number; real carriers need a phone on some routes. */
function recipientContact(data: ConsignmentData): Contact {
  const r = (data.recipient ?? {}) as Json;
  return { phone: text(r.contact_number), email: text(r.email_address), taxId: text(r.eori_number) ?? text(r.tax_identifier) };
}

/** The company's sender contact, each detail as the consignment overrides it (docs/api/consignments.md: `override_sender_*`). */
function senderContact(data: ConsignmentData, company: Contact | null | undefined): Contact {
  const o = (data.custom_attributes ?? {}) as Json;
  return {
    phone: text(o.override_sender_phone) ?? company?.phone ?? null,
    email: text(o.override_sender_email) ?? company?.email ?? null,
    taxId: text(o.override_sender_eori) ?? company?.taxId ?? null,
  };
}

export interface BookingSubject {
  company: string;
  identifier: string;
  orderNumber: string;
  serviceName: string;
  warehouse: Warehouse;
  destination: Address;
  parcels: BookingRequest['parcels'];
  options: Record<string, string>;
}

/** Everything a carrier may need to book the consignment: the sandbox carriers read part of it, real ones all. */
export function bookingRequest(data: ConsignmentData, s: BookingSubject): BookingRequest {
  const { address: origin } = s.warehouse;
  const described = (data.packages ?? []).map((p) => text(p.description)).find(Boolean) ?? null;
  return {
    company: s.company, consignmentIdentifier: s.identifier, orderNumber: s.orderNumber,
    serviceName: s.serviceName, origin, destination: s.destination, parcels: s.parcels, options: s.options,
    shippingDate: (data.shipping_date as string | null) ?? null,
    originTimeZone: s.warehouse.timezone, originCutoff: s.warehouse.cutoff ?? null,
    originContact: senderContact(data, s.warehouse.contact), destinationContact: recipientContact(data),
    description: described,
    customs: customsOf(data, origin, s.destination, s.orderNumber),
  };
}
