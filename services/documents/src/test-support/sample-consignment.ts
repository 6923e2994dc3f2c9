import { sandboxRegistry } from '@waybill/carriers';
import type { ConsignmentView } from '../documents/consignment.view';
import { senderOf, type Sender } from '../documents/sender';
import { labelFacts } from '../labels/label.facts';

/** A realistic consignment per sandbox carrier, for the gallery and the benchmark. */
export function sampleConsignment(serviceId: string, packages = 2, country = 'GB'): ConsignmentView {
  const [carrier] = serviceId.split('|');
  const trackingFor = (i: number) => `${carrier.slice(0, 2).toUpperCase()}${String(400000000000 + i * 7919)}`;
  const address = country === 'US'
    ? { address1: '350 Fifth Avenue', address2: 'Suite 4100', city: 'New York', state: 'NY', postcode: '10118', country: 'US' }
    : { address1: '221B Baker Street', address2: 'Flat 2', city: 'London', postcode: 'NW1 6XE', country: 'GB' };
  return {
    identifier: '0f3c2b8a9d6e4f1a8b7c6d5e4f3a2b1c', order_number: 'ORD-10042', create_date: '2026-03-02T09:15:00Z',
    carrier, service_id: serviceId, service: serviceId.split('|')[1], warehouse_id: 'demo-co|London DC', shipping_date: '2026-03-03',
    currency: 'GBP',
    recipient: { name: 'Ada Lovelace', company_name: 'Analytical Engines Ltd', contact_number: '+44 20 7946 0958', email_address: 'ada@example.com', eori_number: 'GB987654321000', tax_identifier: 'US-TAX-123', address },
    packages: Array.from({ length: packages }, (_, i) => ({
      description: 'Books', weight: 1.25 + i, weight_unit: 'kg' as const, reference: `PKG-${i + 1}`, tracking_number: trackingFor(i),
      items: [
        { name: 'Notes on the Analytical Engine', sku: 'BK-001', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.4 },
        { name: 'Brass gear set', sku: 'GR-7', quantity: 1, value: 39.99, harmonisation_code: '848340', country_of_origin: 'DE', weight: 0.3 },
      ],
    })),
    export_customs: { reason_for_export: 'merchandise', shipping_cost: '14.95', ioss_number: null },
    invoice: { incoterm: 'DAP' },
    custom_attributes: { override_sender_name: 'Demo Co Fulfilment' },
    current_status: { status: 'Allocated', short_form: 'allocated', rejection_reason: null }, tracking_url: null, consignment_number: `${carrier.slice(0, 2).toUpperCase()}N0000042`,
  };
}

export function sampleSender(c: ConsignmentView): Sender {
  return senderOf(
    { identifier: 'demo-co|London DC', name: 'London DC', address: { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' } },
    { name: 'Demo Co', email: 'shipping@demo.example', phone: '+44 20 7946 0000', eori: 'GB123456789000' },
    c.custom_attributes,
  );
}

export const registry = sandboxRegistry();

/** The label facts of a sample consignment, as the service builds them. */
export function sampleFacts(serviceId: string, packages = 2, country = 'GB', patch: Partial<ConsignmentView> = {}) {
  const c = { ...sampleConsignment(serviceId, packages, country), ...patch };
  const found = registry.findService(serviceId);
  if (!found) throw new Error(`unknown service ${serviceId}`);
  return labelFacts({ consignment: c, sender: sampleSender(c), carrier: found.carrier, service: found.service });
}

export const SERVICES = {
  generic: 'Generic Carrier|Generic Domestic Service GDOM',
  swiftpost: 'SwiftPost|SwiftPost 24',
  globex: 'Globex Worldwide|Globex Express Worldwide',
  parcelink: 'Parcelink|Parcelink Standard',
} as const;
