import type { PodRetrievedData, TrackingUpdatedData } from '@waybill/contracts';

/** Event data as tracking-ingest publishes it (contracts/events), for tests and the benchmark. */
export function trackingUpdated(n = 1, overrides: Partial<TrackingUpdatedData> = {}): TrackingUpdatedData {
  return {
    carrier_slug: 'generic',
    trackings: Array.from({ length: n }, (_, i) => ({
      tracking_number: `GEN${100000 + i}`,
      consignment_identifier: `${String(i).padStart(2, '0')}${'ab'.repeat(15)}`,
      consignment_number: `CN-${i}`,
      order_number: `ORD-${i}`,
      id: 5000 + i,
      carrier: 'Generic Carrier',
      events: [
        { status: 'IN_TRANSIT', description: 'Departed hub', timestamp: '2025-03-01T09:30:00', carrier_code: 'DEP', location: 'Leeds' },
        { status: 'OUT_FOR_DELIVERY', timestamp: '2025-03-02T07:05:00' },
      ],
    })),
    ...overrides,
  };
}

export function podRetrieved(): PodRetrievedData {
  return {
    documents: [
      {
        document_id: 'pod-1', document_url: 'https://waybill.example.com/pod/pod-1', file_type: 'image/png',
        proof_of_delivery_type: 'signature', consignment_identifier: 'ab'.repeat(16), order_number: 'ORD-1',
        package_tracking_number: 'GEN100000', carrier: 'Generic Carrier',
        service_id: 'Generic Carrier|Generic Domestic Service GDOM',
      },
    ],
  };
}
