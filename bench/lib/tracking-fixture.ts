import { sendPush, trackingBody, type PushEvent } from '@waybill/testing';

/**
 * Consignments allocated to a carrier through the public API, and their tracking numbers once the
 * tracking service knows them: the parcels a benchmark pushes events for.
 */
export async function allocatedParcels(baseUrl: string, company: string, apiToken: string, carrierSecret: string, consignments: number, serviceId = 'Generic Carrier|Generic Domestic Service GDOM'): Promise<string[]> {
  const numbers: string[] = [];
  for (let done = 0; done < consignments; done += 100) {
    const batch = Array.from({ length: Math.min(100, consignments - done) }, (_, i) => ({
      order_number: `BENCH-${done + i}`, service_id: serviceId,
      recipient: { name: 'Bench Recipient', address: { address1: '1 Test St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } },
      packages: [{ weight: 1 }, { weight: 2 }],
    }));
    const res = await fetch(`${baseUrl}/_api/v1/company/${company}/consignments`, {
      method: 'POST', body: JSON.stringify(batch), headers: { 'content-type': 'application/json', authorization: `token ${apiToken}` },
    });
    const { success } = (await res.json()) as { success: string[] };
    for (const id of success) {
      const c = (await (await fetch(`${baseUrl}/_api/v1/company/${company}/consignment/${id}`, { headers: { authorization: `token ${apiToken}` } })).json()) as { packages: Array<{ tracking_number: string }> };
      numbers.push(...c.packages.map((p) => p.tracking_number));
    }
  }
  const carrier = serviceId.startsWith('Generic') ? 'generic' : serviceId.split('|')[0].toLowerCase();
  for (let deadline = Date.now() + 60_000; ;) {
    const probe = await sendPush(baseUrl, carrier, carrierSecret, trackingBody(Object.fromEntries(numbers.map((n) => [n, []]))));
    if (probe.status === 202 && probe.body.unknown.length === 0) return numbers;
    if (Date.now() > deadline) throw new Error(`tracking numbers still unknown to tracking-ingest: ${probe.body.unknown?.length ?? probe.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Push number `i`: `size` parcels (round robin) with `eventsEach` new in-transit events, all timestamps unique per push. */
export function nthPush(numbers: string[], i: number, size: number, eventsEach: number, epoch = Date.UTC(2026, 0, 1)): ReturnType<typeof trackingBody> {
  const trackings: Record<string, PushEvent[]> = {};
  for (let k = 0; k < size; k++) {
    const n = numbers[(i * size + k) % numbers.length];
    trackings[n] = Array.from({ length: eventsEach }, (_, e) => ({
      carrier_code: e % 2 ? 'HUB' : 'COL', location: 'Bench Depot', timestamp: new Date(epoch + (i * eventsEach + e) * 60_000).toISOString(),
    }));
  }
  return trackingBody(trackings);
}
