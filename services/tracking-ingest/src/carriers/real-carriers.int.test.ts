import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackAlertEvent } from '@waybill/carrier-doubles';
import { PushTokens, PUSH_TOKEN_KEY_PURPOSE } from '@waybill/carriers';
import type { PodRetrievedData, TrackingUpdatedData } from '@waybill/contracts';
import { signInternalToken, SecretBox } from '@waybill/internal-auth';
import { newEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { AUDIENCE } from '../app';
import { newIdentifier, SECRET, startIngestHarness, type IngestHarness, type TestConsignment } from '../test-support';

/**
 * Real carriers' tracking in the one pipeline: UPS Track Alert pushes in UPS's own body with a Bearer
 * token from carrier-link's token endpoint, and events carrier-link found by polling
 * (carrier_link.tracking.polled). carrier-link itself is stood in for by an HTTP server answering its
 * internal proof-of-delivery path, as carrier-link's own tests prove that path against the carriers' doubles.
 */
const PDF = Buffer.from('%PDF-1.4\n% DHL ePOD for a test\n%%EOF\n');
const upsNumber = () => `1ZP0L1N9110${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const dhlPiece = () => `JD0140000${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('real carriers through tracking-ingest', () => {
  let h: IngestHarness;
  let carrierLink: Server;
  const podAsked: string[] = [];
  let tokens: PushTokens;

  beforeAll(async () => {
    carrierLink = createServer((req, res) => {
      podAsked.push(req.url ?? '');
      const ok = /^\/companies\/[^/]+\/carrier-bookings\/[^/]+\/proof-of-delivery\?tracking_number=/.test(req.url ?? '') && /^Bearer /.test(req.headers.authorization ?? '');
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { documents: [{ content: PDF.toString('base64'), file_type: 'application/pdf', proof_of_delivery_type: 'signature', package_tracking_number: null }] } : { detail: 'Not found.' }));
    });
    await new Promise<void>((r) => carrierLink.listen(0, '127.0.0.1', r));
    h = await startIngestHarness({ peers: { 'carrier-link': `http://127.0.0.1:${(carrierLink.address() as AddressInfo).port}` } });
    tokens = new PushTokens(new SecretBox(h.encryptionKey).deriveKey(PUSH_TOKEN_KEY_PURPOSE));
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => carrierLink?.close(r));
  });

  async function booked(serviceId: string, numbers: string[], consignmentNumber = numbers[0]): Promise<TestConsignment> {
    const c: TestConsignment = {
      company: 'acme', identifier: newIdentifier(), order_number: `ORD-${numbers[0]}`, service_id: serviceId, consignment_number: consignmentNumber,
      packages: numbers.map((n) => ({ tracking_number: n })), current_status: { status: 'Allocated' },
    };
    const e = await h.allocate(c);
    await eventually(() => h.consumed(e.id), { what: 'the consignment projection' });
    return c;
  }

  /** A push as UPS sends it, forwarded by the gateway (the carrier's Authorization as x-forwarded-authorization). */
  function upsPush(body: unknown, headers: Record<string, string>) {
    return fetch(`${h.url}/ingest/v1/carriers/ups/tracking`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signInternalToken(SECRET, AUDIENCE, { company: '*', principal: 'carrier:ups' })}`, ...headers },
    });
  }
  const updatesOf = (n: string) => h.events.filter((e) => e.type === 'tracking.tracking.updated')
    .flatMap((e) => (e.data as TrackingUpdatedData).trackings).filter((t) => t.tracking_number === n).flatMap((t) => t.events);
  const documentsOf = (consignment: string) => {
    const d = h.events.filter((e) => e.type === 'tracking.pod.retrieved').flatMap((e) => (e.data as PodRetrievedData).documents).filter((x) => x.consignment_identifier === consignment);
    return d.length ? d : undefined;
  };
  const page = async (carrier: string, n: string) => (await h.get(`/track/${carrier}/${n}`, { accept: 'application/json' })).json() as Promise<{ status: string; carrier: string; events: Array<{ status: string }> }>;

  it('takes a Track Alert push with a token carrier-link issued, maps the activity, and refuses one without a valid token', async () => {
    const n = upsNumber();
    await booked('UPS|UPS Standard', [n]);
    const body = trackAlertEvent(n, 'I', 'OR', 'Origin Scan', new Date(Date.now() - 3_600_000));
    const token = tokens.issue('wbk_client_of_the_account');
    const auth = { 'x-forwarded-authorization': `Bearer ${token.access_token}`, 'x-api-key': 'wbk_client_of_the_account' };

    const refused = [
      await upsPush(body, {}),
      await upsPush(body, { 'x-forwarded-authorization': `Bearer ${token.access_token}` }),
      await upsPush(body, { ...auth, 'x-api-key': 'wbk_someone_else' }),
      await upsPush(body, { ...auth, 'x-forwarded-authorization': `Bearer ${new PushTokens(Buffer.alloc(32, 7)).issue('wbk_client_of_the_account').access_token}` }),
      await upsPush(body, { ...auth, 'x-forwarded-authorization': `Bearer ${new PushTokens(new SecretBox(h.encryptionKey).deriveKey(PUSH_TOKEN_KEY_PURPOSE), 60, () => Date.now() - 3_600_000).issue('wbk_client_of_the_account').access_token}` }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(refused[0].headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(updatesOf(n)).toEqual([]);

    const ok = await upsPush(body, auth);
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    await eventually(() => updatesOf(n).some((e) => e.status === 'IN_TRANSIT'), { what: 'the tracking update' });
    expect(await page('ups', n)).toMatchObject({ carrier: 'UPS', status: 'IN_TRANSIT' });
  });

  it('maps UPS activity types, never moves backwards on a late push, and asks carrier-link for proof of delivery', async () => {
    const n = upsNumber();
    const c = await booked('UPS|UPS Standard', [n]);
    const token = tokens.issue('wbk_client_two');
    const auth = { 'x-forwarded-authorization': `Bearer ${token.access_token}`, 'x-api-key': 'wbk_client_two' };
    const t0 = Date.now() - 5 * 3_600_000;
    for (const [type, code, description, at] of [['O', 'OF', 'Out For Delivery Today', t0 + 3_600_000], ['D', 'KB', 'Delivered', t0 + 2 * 3_600_000]] as const) {
      expect((await upsPush(trackAlertEvent(n, type, code, description, new Date(at)), auth)).status).toBe(202);
    }
    // A late push of an older scan is stored, but the parcel stays delivered.
    expect((await upsPush(trackAlertEvent(n, 'I', 'AR', 'Arrived at Facility', new Date(t0)), auth)).status).toBe(202);
    await eventually(() => updatesOf(n).length === 3, { what: 'three updates' });
    expect(updatesOf(n).map((e) => e.status).sort()).toEqual(['DELIVERED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']);
    expect(await page('ups', n)).toMatchObject({ status: 'DELIVERED' });
    const progressed = await eventually(() => h.events.find((e) => e.type === 'tracking.consignment.progressed' && JSON.stringify(e.data).includes(c.identifier) && JSON.stringify(e.data).includes('Delivered')), { what: 'Delivered' });
    expect(progressed).toBeDefined();
    const docs = await eventually(() => documentsOf(c.identifier), { what: 'proof of delivery', timeoutMs: 20_000 });
    expect(docs[0]).toMatchObject({ file_type: 'application/pdf', proof_of_delivery_type: 'signature', carrier: 'UPS', service_id: 'UPS|UPS Standard' });
    expect(podAsked).toContain(`/companies/acme/carrier-bookings/${c.identifier}/proof-of-delivery?tracking_number=${n}`);
  });

  it('keeps taking the signed generic body from UPS', async () => {
    const n = upsNumber();
    await booked('UPS|UPS Express', [n]);
    const res = await h.push('ups', { trackings: [{ tracking_number: n, events: [{ carrier_code: 'P', timestamp: new Date(Date.now() - 60_000).toISOString() }] }] });
    expect([res.status, res.body]).toEqual([202, { accepted: 1, duplicates: 0, unknown: [] }]);
    await eventually(() => updatesOf(n).some((e) => e.status === 'IN_TRANSIT'), { what: 'the generic push' });
  });

  it("puts polled DHL events through the pipeline once each, and turns DHL's ePOD into a proof_of_delivery with a 72-hour link", async () => {
    const piece = dhlPiece();
    const waybill = String(Math.floor(1e9 + Math.random() * 8e9));
    const c = await booked('DHL Express|DHL Express Worldwide', [piece], waybill);
    const at = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const polled = newEnvelope('carrier_link.tracking.polled', 'acme', {
      carrier: 'dhl_express', account_id: 'acct-1',
      trackings: [{ tracking_number: piece, events: [
        { carrier_code: 'PU', status: 'IN_TRANSIT', description: 'Shipment picked up', timestamp: at(5), location: 'LONDON-HEATHROW - UK' },
        { carrier_code: 'WC', status: 'OUT_FOR_DELIVERY', description: 'With delivery courier', timestamp: at(2), location: null },
      ] }],
    });
    await h.bus.publish(polled);
    await eventually(() => updatesOf(piece).length === 2, { what: 'the polled events' });
    // The same poll again (a redelivery, or the next poll's full history) changes nothing.
    await h.bus.publish({ ...polled, id: newEnvelope('x', 'acme', {}).id });
    const delivered = newEnvelope('carrier_link.tracking.polled', 'acme', {
      carrier: 'dhl_express', trackings: [{ tracking_number: piece, events: [{ carrier_code: 'OK', status: 'DELIVERED', description: 'Delivered', timestamp: at(1), location: 'LONDON' }] }],
    });
    await h.bus.publish(delivered);
    await eventually(() => updatesOf(piece).some((e) => e.status === 'DELIVERED'), { what: 'the delivery' });
    expect(updatesOf(piece).map((e) => e.status)).toEqual(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(await page('dhl_express', piece)).toMatchObject({ carrier: 'DHL Express', status: 'DELIVERED' });
    // DHL's tracking_url names the shipment's waybill, which no package carries: the page finds it too.
    expect(await page('dhl_express', waybill)).toMatchObject({ carrier: 'DHL Express', status: 'DELIVERED', tracking_numbers: [piece] });

    const docs = await eventually(() => documentsOf(c.identifier), { what: 'the ePOD', timeoutMs: 20_000 });
    expect(docs).toEqual([expect.objectContaining({ file_type: 'application/pdf', proof_of_delivery_type: 'signature', carrier: 'DHL Express', service_id: 'DHL Express|DHL Express Worldwide' })]);
    const link = new URL(docs[0].document_url);
    const expires = Number(link.searchParams.get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);
    const res = await h.get(link.pathname + link.search);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const before = h.clock.now;
    h.clock.now = new Date(expires + 60_000);
    try {
      expect((await h.get(link.pathname + link.search)).status).toBe(410);
    } finally {
      h.clock.now = before;
    }
  });
});
