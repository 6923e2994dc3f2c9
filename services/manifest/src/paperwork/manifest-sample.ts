import { randomBytes } from 'node:crypto';
import type { ManifestClaimConsignment } from '@waybill/contracts';
import type { ManifestDocumentData } from './manifest-document.data';

const hex = () => randomBytes(16).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const POSTCODES = ['SW1A 2AA', 'EC1A 1BB', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EH1 1YZ'];

/**
 * Realistic consignments for tests and the benchmark: Generic Carrier numbering, one to three packages,
 * the odd consignment without declared weight.
 */
export function sampleConsignments(count: number): ManifestClaimConsignment[] {
  return Array.from({ length: count }, (_, i) => {
    const packages = 1 + (i % 3);
    return {
      identifier: hex(), order_number: `ORD-${100000 + i}`, consignment_number: `GCN${digits(10)}`,
      tracking_numbers: Array.from({ length: packages }, () => `GC${digits(12)}`),
      recipient: { postcode: POSTCODES[i % POSTCODES.length], country: 'GB' }, package_count: packages,
      weight_kg: i % 17 === 5 ? null : Math.round((0.25 + (i % 40) * 0.35) * 1000) / 1000,
    };
  });
}

export function sampleManifest(consignments: ManifestClaimConsignment[]): ManifestDocumentData {
  return {
    manifestId: hex(), company: 'demo-co', createdAt: new Date('2026-03-02T14:05:00Z'), carrierReference: 'GENM004211987301',
    claim: {
      manifest_id: '', carrier: { identifier: 'generic', name: 'Generic Carrier' },
      warehouse: {
        identifier: 'demo-co|London DC', name: 'London DC', timezone: 'Europe/London',
        address: { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
      },
      consignments,
    },
  };
}
