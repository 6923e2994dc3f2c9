import { CarrierRegistry, SANDBOX_PROFILES, SandboxCarrier, type ProofOfDeliveryDocument, type ProofOfDeliveryRequest } from '@waybill/carriers';
import { validateEvent, type PodRetrievedData } from '@waybill/contracts';
import { eventually } from '@waybill/testing';
import { newIdentifier, startIngestHarness, trackingNumber, type IngestHarness, type TestConsignment } from '../test-support';

/** Generic Carrier whose proof-of-delivery API fails twice before it answers, like a carrier that is catching up. */
class CatchingUpCarrier extends SandboxCarrier {
  calls = 0;
  override async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    if (++this.calls <= 2) throw new Error('proof of delivery not available yet');
    return super.proofOfDelivery(req);
  }
}

const HOURS_72 = 72 * 3_600_000;

describe('proof of delivery (integration)', () => {
  let h: IngestHarness;
  const generic = new CatchingUpCarrier(SANDBOX_PROFILES.find((p) => p.identifier === 'generic')!);
  const registry = new CarrierRegistry([generic, ...SANDBOX_PROFILES.filter((p) => p.identifier !== 'generic').map((p) => new SandboxCarrier(p))]);
  beforeAll(async () => { h = await startIngestHarness({ registry }); });
  afterAll(async () => h?.close());

  async function delivered(serviceId: string, carrier: string, numbers: string[]): Promise<TestConsignment> {
    const c: TestConsignment = {
      company: 'acme', identifier: newIdentifier(), order_number: `ORD-${numbers[0]}`, service_id: serviceId, consignment_number: `CN-${numbers[0]}`,
      packages: numbers.map((n, i) => ({ tracking_number: n, reference: `pkg-${i + 1}` })),
    };
    await h.allocate(c);
    const trackings = [...new Set(numbers)].map((n) => ({ tracking_number: n, events: [{ status: 'DELIVERED', timestamp: '2026-11-22T10:00:00Z' }] }));
    await eventually(async () => (await h.push(carrier, { trackings })).body.accepted === trackings.length, { what: 'delivery stored' });
    return c;
  }
  const documentsOf = (c: TestConsignment) => h.events.filter((e) => e.type === 'tracking.pod.retrieved')
    .flatMap((e) => (e.data as PodRetrievedData).documents).filter((d) => d.consignment_identifier === c.identifier);
  /** The document link as the gateway would forward it (its host is the public base URL). */
  const fetchLink = (url: string) => h.get(new URL(url).pathname + new URL(url).search);

  it('retrieves a signature per delivered package, retrying while the carrier has none yet, and announces it', async () => {
    const [p1, p2] = [trackingNumber(), trackingNumber()];
    const c = await delivered('Generic Carrier|Generic Domestic Service GDOM', 'generic', [p1, p2]);
    const docs = await eventually(() => documentsOf(c).length === 2 && documentsOf(c), { what: 'documents', timeoutMs: 20_000 });
    expect(generic.calls).toBeGreaterThanOrEqual(4);
    const events = h.events.filter((e) => e.type === 'tracking.pod.retrieved' && documentsOf(c).some((d) => (e.data as PodRetrievedData).documents.includes(d)));
    for (const e of events) expect(validateEvent(e)).toEqual({ ok: true });
    expect(docs.sort((a, b) => a.package_reference!.localeCompare(b.package_reference!))).toEqual([p1, p2].map((n, i) => ({
      document_id: expect.any(String), document_url: expect.stringMatching(/^https:\/\/waybill\.example\.com\/pod\/v1\/documents\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/),
      file_type: 'image/svg+xml', proof_of_delivery_type: 'signature', consignment_identifier: c.identifier, order_number: c.order_number,
      package_tracking_number: n, package_reference: `pkg-${i + 1}`, carrier: 'Generic Carrier', service_id: 'Generic Carrier|Generic Domestic Service GDOM',
    })));
    const res = await fetchLink(docs[0].document_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    const expected = await generic.proofOfDelivery({ trackingNumber: p1, consignmentNumber: null });
    expect(Buffer.from(await res.arrayBuffer()).equals(expected[0].bytes)).toBe(true);
  });

  it('retrieves once per parcel however many delivery events arrive', async () => {
    const n = trackingNumber('PL');
    const c = await delivered('Parcelink|Parcelink Standard', 'parcelink', [n]);
    await eventually(() => documentsOf(c).length === 1, { what: 'document' });
    await h.push('parcelink', { trackings: [{ tracking_number: n, events: [{ carrier_code: 'PL-POD', timestamp: '2026-11-22T10:05:00Z' }] }] });
    const other = await delivered('Parcelink|Parcelink Standard', 'parcelink', [trackingNumber('PL')]);
    await eventually(() => documentsOf(other).length === 1, { what: 'the next document' });
    expect(documentsOf(c)).toHaveLength(1);
    const res = await fetchLink(documentsOf(c)[0].document_url);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('gives a consignment-level document where the carrier has one number for all packages', async () => {
    const n = trackingNumber('SP');
    const c = await delivered('SwiftPost|SwiftPost 24', 'swiftpost', [n, n]);
    const [doc] = await eventually(() => documentsOf(c).length === 1 && documentsOf(c), { what: 'document' });
    expect(doc).not.toHaveProperty('package_tracking_number');
    expect(doc.carrier).toBe('SwiftPost');
  });

  it('answers 410 once 72 hours have passed, and 403 for a link that was tampered with', async () => {
    const c = await delivered('Globex Worldwide|Globex Express Worldwide', 'globex', [trackingNumber('1Z')]);
    const docs = await eventually(() => documentsOf(c).length === 2 && documentsOf(c), { what: 'documents' });
    expect(docs.map((d) => d.file_type).sort()).toEqual(['image/png', 'image/svg+xml']);
    const url = docs[0].document_url;
    const tampered = url.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`);
    expect((await fetchLink(tampered)).status).toBe(403);
    expect((await fetchLink(url.replace(/&signature=.*$/, ''))).status).toBe(403);
    const issued = h.clock.now;
    try {
      h.clock.now = new Date(issued.getTime() + HOURS_72 - 60_000);
      expect((await fetchLink(url)).status).toBe(200);
      h.clock.now = new Date(issued.getTime() + HOURS_72 + 1000);
      const gone = await fetchLink(url);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { detail: string }).detail).toMatch(/expired/);
    } finally {
      h.clock.now = issued;
    }
  });
});
