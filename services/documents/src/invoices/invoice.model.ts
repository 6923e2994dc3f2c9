import { ConflictError } from '@waybill/http';
import { isEuCountry } from '@waybill/carrier-model';
import { documentDate, type ConsignmentView } from '../documents/consignment.view';
import type { Sender } from '../documents/sender';
import { labelText } from '../labels/text-metrics';
import { decimalToMinor, toMinor } from './money';

export interface InvoiceLine {
  description: string;
  sku: string;
  hsCode: string;
  origin: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
}

export interface InvoiceParty {
  lines: string[];
  ids: string[];
}

/** The facts of a commercial invoice, already checked: nothing on it is left blank by accident. */
export interface Invoice {
  number: string;
  date: string;
  currency: string;
  incoterm: string;
  reason: string;
  ioss: string;
  carrier: string;
  service: string;
  consignmentNumber: string;
  trackingNumbers: string[];
  packageCount: number;
  sender: InvoiceParty;
  recipient: InvoiceParty;
  lines: InvoiceLine[];
  totalQuantity: number;
  goodsMinor: number;
  shippingMinor: number;
  totalMinor: number;
}

const required = (path: string) => new ConflictError(`${path}: required for customs on this route`);
const t = labelText;

/** Customs needs the HS code and origin of every item; a missing one is a 409 naming it, not a gap. */
export function assertCustomsReady(c: ConsignmentView): void {
  let items = 0;
  c.packages.forEach((p, pi) => (p.items ?? []).forEach((item, ii) => {
    items++;
    if (!t(item.harmonisation_code)) throw required(`packages.${pi}.items.${ii}.harmonisation_code`);
    if (!t(item.country_of_origin)) throw required(`packages.${pi}.items.${ii}.country_of_origin`);
  }));
  if (items === 0) throw new ConflictError(`packages.0.items: at least one item is required for customs on this route`);
}

function defaultCurrency(country: string): string {
  const c = country.toUpperCase();
  return c === 'GB' ? 'GBP' : c === 'US' ? 'USD' : isEuCountry(c) ? 'EUR' : 'USD';
}

/** Identical goods in several packages are one invoice line, as customs declarations list them. */
function invoiceLines(c: ConsignmentView): InvoiceLine[] {
  const byKey = new Map<string, InvoiceLine>();
  for (const p of c.packages) for (const item of p.items ?? []) {
    const line = {
      description: t(item.name), sku: t(item.sku), hsCode: t(item.harmonisation_code), origin: t(item.country_of_origin).toUpperCase(),
      quantity: Math.max(0, Math.trunc(item.quantity)), unitMinor: toMinor(item.value), totalMinor: 0,
    };
    const key = [line.description, line.sku, line.hsCode, line.origin, line.unitMinor].join('\u0000');
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, line);
  }
  const lines = [...byKey.values()];
  for (const l of lines) l.totalMinor = l.quantity * l.unitMinor;
  return lines;
}

export function buildInvoice(c: ConsignmentView, sender: Sender, carrierName: string): Invoice {
  assertCustomsReady(c);
  const r = c.recipient;
  const a = r.address;
  const lines = invoiceLines(c);
  const goodsMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  const shippingMinor = decimalToMinor(c.export_customs?.shipping_cost);
  const join = (parts: Array<string | null | undefined>, sep = ' ') => parts.map(t).filter(Boolean).join(sep);
  return {
    number: `INV-${t(c.consignment_number) || c.identifier.slice(0, 12).toUpperCase()}`,
    date: documentDate(c),
    currency: t(c.currency).toUpperCase() || defaultCurrency(sender.country),
    incoterm: t(c.invoice?.incoterm).toUpperCase() || 'Not stated',
    reason: t(c.export_customs?.reason_for_export) || 'Not stated',
    ioss: t(c.export_customs?.ioss_number),
    carrier: t(carrierName), service: t(c.service),
    consignmentNumber: t(c.consignment_number),
    trackingNumbers: [...new Set(c.packages.map((p) => t(p.tracking_number)).filter(Boolean))],
    packageCount: Math.max(1, c.packages.length),
    sender: {
      lines: [t(sender.name), join([sender.address1, sender.address2, sender.address3], ', '), join([sender.city, sender.state, sender.postcode]), t(sender.country).toUpperCase()],
      ids: [sender.eori ? `EORI: ${t(sender.eori)}` : '', sender.phone ? `Tel: ${t(sender.phone)}` : '', sender.email ? `Email: ${t(sender.email)}` : ''].filter(Boolean),
    },
    recipient: {
      lines: [join([r.name || join([r.first_name, r.last_name])]), t(r.company_name), join([a.address1, a.address2, a.address3], ', '), join([a.city, a.state, a.postcode]), t(a.country).toUpperCase()].filter(Boolean),
      ids: [r.eori_number ? `EORI: ${t(r.eori_number)}` : '', r.tax_identifier ? `Tax ID: ${t(r.tax_identifier)}` : '', r.contact_number ? `Tel: ${t(r.contact_number)}` : '', r.email_address ? `Email: ${t(r.email_address)}` : ''].filter(Boolean),
    },
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    goodsMinor, shippingMinor, totalMinor: goodsMinor + shippingMinor,
  };
}
