import { eventually, watchStackEvents, type EventWatch } from '@waybill/testing';
import { sendPush, signPush, trackingBody, type PushEvent } from '@waybill/testing';
import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

const at = (h: number) => `2026-11-22T${String(h).padStart(2, '0')}:00:00`;
const ev = (status: string, h: number, extra: Partial<PushEvent> = {}): PushEvent => ({ status, timestamp: at(h), ...extra });

describe.each(availableModes())('carrier tracking ingest (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  let watch: EventWatch | undefined;
  const push = (carrier: string, body: unknown, o: { signature?: string; path?: string; raw?: string } = {}) => sendPush(stack.baseUrl, carrier, stack.creds.carrierSecret, body, o);

  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
    if (mode === 'distributed') watch = await watchStackEvents(process.env.AMQP_URL!, stack.namespace, ['tracking.pod.retrieved']);
  });
  afterAll(async () => {
    await watch?.close();
    await stack?.stop();
  });

  async function create(overrides: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await api.post('/consignments', [domesticConsignment(overrides)]);
    expect(res.body.errors).toEqual({});
    return (await api.get(`/consignment/${res.body.success[0]}`)).body;
  }
  /** Waits until tracking-ingest knows a new consignment's number (it learns them from events). */
  async function untilKnown(carrier: string, trackingNumber: string): Promise<void> {
    await eventually(async () => {
      const res = await push(carrier, trackingBody({ [trackingNumber]: [] }));
      return res.status === 202 && res.body.unknown.length === 0;
    }, { what: 'tracking number known to tracking-ingest', timeoutMs: 20_000 });
  }
  const statusOf = async (id: string) => (await api.get(`/consignment/${id}`)).body.current_status.status;
  const waitForStatus = (id: string, status: string) => eventually(async () => (await statusOf(id)) === status, { what: `status ${status}`, timeoutMs: 20_000 });

  it('authenticates pushes by the carrier secret: wrong, stale, unsigned or unknown carrier answer 401', async () => {
    const body = JSON.stringify({ trackings: [] });
    const ok = await push('generic', undefined, { raw: body });
    expect([ok.status, ok.body]).toEqual([202, { accepted: 0, duplicates: 0, unknown: [] }]);
    expect((await push('generic', undefined, { raw: body, path: '/ingest/v1/carriers/generic/tracking/' })).status).toBe(202);
    for (const signature of [signPush('wrong-secret', body), signPush(stack.creds.carrierSecret, body, Math.floor(Date.now() / 1000) - 600), '']) {
      const res = await push('generic', undefined, { raw: body, signature });
      expect(res.status).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
      expect(res.headers.get('www-authenticate')).toMatch(/^Signature /);
    }
    const unknown = await push('no-such-carrier', undefined, { raw: body });
    expect([unknown.status, unknown.body.detail]).toEqual([401, 'Unknown carrier "no-such-carrier".']);
    for (const odd of ['Generic%20Carrier', 'generic%2Ftracking']) {
      const res = await push(odd, undefined, { raw: body });
      expect([res.status, res.headers.get('www-authenticate')]).toEqual([401, expect.stringMatching(/^Signature /)]);
    }
    expect((await fetch(`${stack.baseUrl}/pod/v1/documents/..%2Fingest?expires=1&signature=x`)).status).toBe(404);
    // No consignment credentials are needed, and none are accepted instead of a signature.
    const withToken = await fetch(`${stack.baseUrl}/ingest/v1/carriers/generic/tracking`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `token ${stack.creds.apiToken}` },
    });
    expect(withToken.status).toBe(401);
  });

  it('refuses batches over 1,000 trackings and bad statuses with a 400 naming the field', async () => {
    const big = trackingBody(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`GC${i}`, [ev('IN_TRANSIT', 9)]])));
    const res = await push('generic', big);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^trackings: /);
    const bad = await push('generic', trackingBody({ GC1: [ev('Teleported', 9)] }));
    expect([bad.status, bad.body.detail]).toEqual([400, 'trackings.0.events.0.status: "Teleported" is not a valid status.']);
  });

  const historyOf = async (id: string) => (await api.get(`/consignment/${id}/history`)).body.map((x: { status: string }) => x.status);

  it('moves the consignment Despatched, Exception, Delivered once every package is, never backwards, storing each event once', async () => {
    const c = await create({ service_id: 'Generic Carrier|Generic Domestic Service GDOM', packages: [{ weight: 1 }, { weight: 2 }] });
    const [p1, p2] = c.packages.map((p: { tracking_number: string }) => p.tracking_number);
    await untilKnown('generic', p1);
    const first = await push('generic', trackingBody({ [p1]: [ev('In Transit', 9, { carrier_code: 'HUB', location: 'Leeds' })], GC000UNKNOWN: [ev('IN_TRANSIT', 9)] }));
    expect(first.body).toEqual({ accepted: 2, duplicates: 0, unknown: ['GC000UNKNOWN'] });
    await waitForStatus(c.identifier, 'Despatched');
    // An older exception arriving late: the latest event (in transit) stays in charge.
    expect((await push('generic', trackingBody({ [p1]: [ev('EXCEPTION', 8)] }))).body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    expect((await push('generic', trackingBody({ [p1]: [ev('IN_TRANSIT', 9, { carrier_code: 'HUB' })] }))).body).toEqual({ accepted: 0, duplicates: 1, unknown: [] });
    await push('generic', trackingBody({ [p1]: [{ carrier_code: 'DEL', timestamp: at(11) }] }));
    // One package delivered is not the consignment delivered: a failure of the other still shows.
    await push('generic', trackingBody({ [p2]: [ev('delivery_failed', 11)] }));
    await waitForStatus(c.identifier, 'Exception');
    await push('generic', trackingBody({ [p2]: [ev('OUT_FOR_DELIVERY', 10), ev('delivered', 12)] }));
    await waitForStatus(c.identifier, 'Delivered');
    await push('generic', trackingBody({ [p2]: [ev('RETURNED', 9)] }));
    expect(await historyOf(c.identifier)).toEqual(['Allocated', 'Despatched', 'Exception', 'Delivered']);

    // Every stored event, once, oldest first, with the normalised status.
    const events = (await api.get(`/consignment/${c.identifier}/tracking`)).body as Array<Record<string, unknown>>;
    expect(events.map((e) => [e.tracking_number, e.status, e.timestamp])).toEqual([
      [p1, 'EXCEPTION', `${at(8)}.000Z`], [p1, 'IN_TRANSIT', `${at(9)}.000Z`], [p2, 'RETURNED', `${at(9)}.000Z`],
      [p2, 'OUT_FOR_DELIVERY', `${at(10)}.000Z`], [p1, 'DELIVERED', `${at(11)}.000Z`], [p2, 'DELIVERY_FAILED', `${at(11)}.000Z`], [p2, 'DELIVERED', `${at(12)}.000Z`],
    ]);
    expect(events[1]).toMatchObject({ carrier_code: 'HUB', location: 'Leeds' });
    const other = (await api.post('/consignments', [domesticConsignment()])).body.success[0];
    expect((await api.get(`/consignment/${other}/tracking`)).body).toEqual([]);
    const foreign = await client(stack, '/_api/v1/company/someone-else').get(`/consignment/${c.identifier}/tracking`);
    expect(foreign.status).toBe(403);
  });

  it('shows Exception while the latest event is a problem, and leaves it when the parcel moves on', async () => {
    const c = await create({ service_id: 'SwiftPost|SwiftPost 24', packages: [{ weight: 1 }, { weight: 1 }] });
    const n = c.packages[0].tracking_number;
    await untilKnown('swiftpost', n);
    await push('swiftpost', trackingBody({ [n]: [{ carrier_code: '20', timestamp: at(9) }, { carrier_code: '50', timestamp: at(10) }] }));
    await waitForStatus(c.identifier, 'Exception');
    await push('swiftpost', trackingBody({ [n]: [{ carrier_code: '30', timestamp: at(11) }] }));
    await waitForStatus(c.identifier, 'Despatched');
    await push('swiftpost', trackingBody({ [n]: [{ carrier_code: '40', timestamp: at(12) }] }));
    await waitForStatus(c.identifier, 'Delivered');
    expect(await historyOf(c.identifier)).toEqual(['Allocated', 'Exception', 'Despatched', 'Delivered']);
  });

  it("accepts a carrier's native format at the same path", async () => {
    const c = await create({ service_id: 'Globex Worldwide|Globex Express Worldwide' });
    const awb = c.packages[0].tracking_number;
    const native = { shipments: [{ awb, checkpoints: [{ code: 'PU', time: '2026-11-22T08:00:00+01:00', place: 'LONDON GB' }] }] };
    await untilKnown('globex', awb);
    const res = await push('globex', native);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    await waitForStatus(c.identifier, 'Despatched');
  });

  if (mode === 'distributed') {
    it('retrieves proof of delivery with a link that needs no credentials', async () => {
      const c = await create({ service_id: 'Generic Carrier|Generic Domestic Service GDOM' });
      const n = c.packages[0].tracking_number;
      await untilKnown('generic', n);
      await push('generic', trackingBody({ [n]: [ev('DELIVERED', 10)] }));
      await waitForStatus(c.identifier, 'Delivered');
      const doc = await eventually(() => watch!.events.flatMap((e) => (e.data as any).documents).find((d: any) => d.consignment_identifier === c.identifier), { what: 'proof of delivery', timeoutMs: 20_000 });
      expect(doc).toMatchObject({ file_type: 'image/svg+xml', proof_of_delivery_type: 'signature', package_tracking_number: n, carrier: 'Generic Carrier' });
      // PUBLIC_BASE_URL is unset here, so links use the default public base; the path is what matters.
      const link = new URL(doc.document_url);
      expect(link.origin).toBe('http://localhost:8080');
      const res = await fetch(`${stack.baseUrl}${link.pathname}${link.search}`);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      expect(await res.text()).toContain(`Signed for parcel ${n}`);
      expect((await fetch(`${stack.baseUrl}${link.pathname}${link.search.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`)}`)).status).toBe(403);
    });
  }
});
