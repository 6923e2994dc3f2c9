import type { Carrier, CarrierServiceDef, LabelDesign, LabelDrawing } from '@waybill/carrier-model';
import { documentDate, type ConsignmentView, type PackageView } from '../documents/consignment.view';
import type { Sender } from '../documents/sender';
import { labelText } from './text-metrics';

/** Everything one label states, already in printable text; the layout decides where it goes. */
export interface LabelFacts {
  design: LabelDesign;
  carrierName: string;
  serviceName: string;
  senderLines: string[];
  senderContact: string;
  recipientName: string;
  recipientLines: string[];
  recipientPostcode: string;
  recipientCountry: string;
  recipientPhone: string;
  trackingNumber: string;
  sortCode: string;
  routingCode: string;
  route: string;
  weight: string;
  packageNumber: number;
  packageCount: number;
  orderNumber: string;
  date: string;
  consignmentNumber: string;
  reference: string;
}

export interface LabelContext {
  consignment: ConsignmentView;
  sender: Sender;
  /** The carrier's label members: a drawing carrier-link answered (`drawnCarrier`), or a carrier itself. */
  carrier: Pick<Carrier, 'name' | 'labelDesign' | 'sortCode' | 'routingCode'>;
  service: CarrierServiceDef;
}

/** One tracking number per label, in package order (a consignment without packages gets one label). */
export function labelTrackingNumbers(c: ConsignmentView): string[] {
  const packages: Array<PackageView | undefined> = c.packages.length > 0 ? c.packages : [undefined];
  return packages.map((p) => labelText(p?.tracking_number || c.consignment_number || c.identifier));
}

/** The label members of a carrier as carrier-link's drawing answers them, routing codes by package number. */
export function drawnCarrier(d: Extract<LabelDrawing, { drawn_by_waybill: true }>): LabelContext['carrier'] {
  return { name: d.carrier.name, labelDesign: () => d.design, sortCode: () => d.sort_code, routingCode: (input) => d.routing_codes[input.packageNumber - 1] ?? '' };
}

const joined = (parts: Array<string | null | undefined>, sep = ' ') => parts.map(labelText).filter(Boolean).join(sep);

/** Kilograms with two decimals, computed in whole grams. */
function weightText(p: PackageView | undefined): string {
  if (!p || typeof p.weight !== 'number' || !Number.isFinite(p.weight)) return '-';
  const grams = Math.round(p.weight * (p.weight_unit === 'g' ? 1 : 1000));
  return `${Math.floor(grams / 1000)}.${String(Math.round((grams % 1000) / 10)).padStart(2, '0')} KG`;
}

/** One label per package; a consignment without packages still gets one. */
export function labelFacts(ctx: LabelContext): LabelFacts[] {
  const { consignment: c, sender: s, carrier, service } = ctx;
  const r = c.recipient;
  const a = r.address;
  const design = carrier.labelDesign(service);
  const packages: Array<PackageView | undefined> = c.packages.length > 0 ? c.packages : [undefined];
  const origin = { address1: s.address1, city: s.city, postcode: s.postcode, country: s.country };
  const destination = { ...a, name: r.name ?? null, company_name: r.company_name ?? null };
  const sortCode = labelText(carrier.sortCode(destination, service));
  const recipientName = labelText(r.name) || joined([r.first_name, r.last_name]) || labelText(r.company_name);
  const shared = {
    design, carrierName: labelText(carrier.name), serviceName: labelText(service.name),
    senderLines: [labelText(s.name), joined([s.address1, s.address2, s.address3], ', '), joined([s.city, s.state, s.postcode]), labelText(s.country)],
    senderContact: joined([s.phone && `T: ${s.phone}`, s.email], '  '),
    recipientName,
    recipientLines: [
      recipientName && r.company_name && labelText(r.company_name) !== recipientName ? labelText(r.company_name) : '',
      labelText(a.address1), labelText(a.address2), labelText(a.address3), joined([a.city, a.state]),
    ].filter(Boolean),
    recipientPostcode: labelText(a.postcode).toUpperCase(), recipientCountry: labelText(a.country).toUpperCase(),
    recipientPhone: r.contact_number ? `T: ${labelText(r.contact_number)}` : '',
    sortCode, route: `${labelText(s.country).toUpperCase()} > ${labelText(a.country).toUpperCase()}  ${labelText(service.code)}`,
    orderNumber: labelText(c.order_number), date: documentDate(c), consignmentNumber: labelText(c.consignment_number),
  };
  const trackingNumbers = labelTrackingNumbers(c);
  return packages.map((p, i) => {
    const trackingNumber = trackingNumbers[i];
    return {
      ...shared,
      trackingNumber,
      routingCode: labelText(carrier.routingCode({ service, origin, destination, trackingNumber, packageNumber: i + 1, packageCount: packages.length })),
      weight: weightText(p), packageNumber: i + 1, packageCount: packages.length, reference: labelText(p?.reference),
    };
  });
}
