import { eventually, readPdf } from '@waybill/testing';
import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client, type ApiResponse } from './support/client';
import { domesticConsignment } from './support/fixtures';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';

describe.each(availableModes())('manifests (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  const london = () => `${stack.creds.company}|London DC`;
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  async function create(n: number, overrides: Record<string, unknown> = {}): Promise<string[]> {
    const res = await api.post('/consignments', Array.from({ length: n }, () => domesticConsignment({ service_id: GDOM, ...overrides })));
    expect(res.body.errors).toEqual({});
    return res.body.success;
  }

  /** Polls until the documents stop answering 204, keeping every status seen. */
  async function documentsOf(id: string): Promise<{ seen: number[]; last: ApiResponse }> {
    const seen: number[] = [];
    const last = await eventually(async () => {
      const res = await api.get(`/manifest/${id}/documents`);
      seen.push(res.status);
      return res.status === 204 ? false : res;
    }, { timeoutMs: 30_000, intervalMs: 50, what: `manifest ${id} documents` });
    return { seen, last };
  }

  it('manifests consignments: 201, Manifested, 204 until generated, then an A4 PDF listing each one with totals', async () => {
    const ids = await create(3);
    const res = await api.post('/manifest', { consignment_ids: ids, carrier_id: 'generic', warehouse_id: london() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ identifier: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const consignments = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}`)).body));
    expect(consignments.map((c) => c.current_status.status)).toEqual(['Manifested', 'Manifested', 'Manifested']);

    const { seen, last } = await documentsOf(res.body.identifier);
    expect(seen.join(',')).toMatch(/^(204,)*200$/);
    const pdf = await readPdf(Buffer.from(last.body.documents, 'base64'));
    expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
    expect(pdf.pages[0].width).toBeCloseTo(595.28, 1);
    expect(pdf.pages[0].height).toBeCloseTo(841.89, 1);
    const text = pdf.pages.map((p) => p.text).join(' ');
    for (const c of consignments) {
      for (const t of [c.identifier, c.consignment_number, c.packages[0].tracking_number]) expect(text).toContain(t);
    }
    for (const t of [res.body.identifier, 'Generic Carrier (generic)', 'Demo Co', '1 Warehouse Way', 'Consignments: 3', 'Packages: 3', 'Total weight: 3.600 kg']) {
      expect(text).toContain(t);
    }
  });

  it('refuses a manifest naming every offending consignment, and manifests none of them', async () => {
    const [good, other, cancelled] = await create(3);
    const [unallocated] = (await api.post('/consignments', [domesticConsignment()])).body.success;
    const [swift] = await create(1, { service_id: 'SwiftPost|SwiftPost 24' });
    await api.del(`/consignment/${cancelled}`);
    const missing = '0'.repeat(32);
    const res = await api.post('/manifest', { consignment_ids: [good, other, cancelled, unallocated, swift, missing], carrier_id: 'generic', warehouse_id: london() });
    expect(res.status).toBe(400);
    for (const id of [cancelled, unallocated, swift, missing]) expect(res.body.detail).toContain(id);
    expect(res.body.detail).not.toContain(good);
    expect(Object.keys(res.body.errors)).toEqual(['consignment_ids.2', 'consignment_ids.3', 'consignment_ids.4', 'consignment_ids.5']);
    for (const id of [good, other]) expect((await api.get(`/consignment/${id}`)).body.current_status.status).toBe('Allocated');
  });

  it('validates the request body', async () => {
    const [a] = await create(1);
    const bad = await api.post('/manifest', { consignment_ids: [a, a], carrier_id: '', colour: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      consignment_ids: [`Listed more than once: ${a}.`], carrier_id: ['This field may not be blank.'],
      warehouse_id: ['This field is required.'], colour: ['Unknown field.'],
    });
    const unknownCarrier = await api.post('/manifest', { consignment_ids: [a], carrier_id: 'nope', warehouse_id: london() });
    expect(unknownCarrier.body).toMatchObject({ detail: 'carrier_id: carrier "nope" not found.' });
    const notJson = await api.call('POST', '/manifest', { raw: 'x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    expect((await api.get('/manifest')).status).toBe(405);
  });

  it('gives a consignment to exactly one of two manifests created at the same time', async () => {
    const [shared, x, y] = await create(3);
    const results = await Promise.all([
      api.post('/manifest', { consignment_ids: [x, shared], carrier_id: 'generic', warehouse_id: london() }),
      api.post('/manifest', { consignment_ids: [shared, y], carrier_id: 'generic', warehouse_id: london() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.detail).toContain(shared);
    const loserOwn = results[0] === loser ? x : y;
    expect((await api.get(`/consignment/${loserOwn}`)).body.current_status.status).toBe('Allocated');
  });

  it('returns the same manifest for a retried request with the same Idempotency-Key', async () => {
    const ids = await create(2);
    const body = { consignment_ids: ids, carrier_id: 'generic', warehouse_id: london() };
    const key = { headers: { 'Idempotency-Key': `manifest-${ids[0]}` } };
    const first = await api.post('/manifest', body, key);
    const retry = await api.post('/manifest', body, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.identifier).toBe(first.body.identifier);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const changed = await api.post('/manifest', { ...body, consignment_ids: [ids[0]] }, key);
    expect(changed.status).toBe(409);
    expect((await documentsOf(first.body.identifier)).last.status).toBe(200);
  });

  it('answers 409 with the reason when the carrier refuses the manifest, and releases its consignments', async () => {
    const [again, changed, cancelled] = await create(3);
    const [embargoed] = await create(1, { recipient: { name: 'Test', address: { address1: '1 Nowhere Lane', city: 'Testing', postcode: 'ZZ9 9ZZ', country: 'GB' } } });
    const ids = [again, changed, cancelled, embargoed];
    const res = await api.post('/manifest', { consignment_ids: ids, carrier_id: 'generic', warehouse_id: london() });
    expect(res.status).toBe(201);
    const { last } = await documentsOf(res.body.identifier);
    expect(last.status).toBe(409);
    expect(last.body.detail).toMatch(/^Generic Carrier refused the manifest: deliveries to ZZ9 9ZZ are under an embargo/);

    // The carrier has none of them: they are Allocated again, and free to go on another manifest, change or be cancelled.
    const statuses = () => Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}`)).body.current_status.status));
    await eventually(async () => (await statuses()).every((s) => s === 'Allocated'), { timeoutMs: 30_000, intervalMs: 100, what: 'consignments released' });
    const retry = await api.post('/manifest', { consignment_ids: [again], carrier_id: 'generic', warehouse_id: london() });
    expect(retry.status).toBe(201);
    expect((await documentsOf(retry.body.identifier)).last.status).toBe(200);
    const current = (await api.get(`/consignment/${changed}`)).body;
    const put = await api.put(`/consignment/${changed}`, { ...current, order_number: 'CHANGED-AFTER-RELEASE' });
    expect(put.status).toBe(200);
    expect(put.body.order_number).toBe('CHANGED-AFTER-RELEASE');
    expect((await api.del(`/consignment/${cancelled}`)).status).toBeLessThan(300);
    expect(await statuses()).toEqual(['Manifested', 'Allocated', 'Cancelled', 'Allocated']);
  });

  it('keeps manifested consignments frozen, and hides unknown manifests', async () => {
    const [a] = await create(1);
    expect((await api.post('/manifest', { consignment_ids: [a], carrier_id: 'generic', warehouse_id: london() })).status).toBe(201);
    const current = (await api.get(`/consignment/${a}`)).body;
    expect((await api.put(`/consignment/${a}`, { ...current, order_number: 'CHANGED' })).status).toBe(409);
    expect((await api.del(`/consignment/${a}`)).status).toBe(409);
    expect((await api.get(`/consignment/${a}`)).body).toEqual(current);
    expect((await api.get(`/manifest/${'a'.repeat(32)}/documents`)).status).toBe(404);
    expect((await api.get('/manifest/not-an-id/documents')).status).toBe(404);
    expect((await api.get('/_api/v1/company/another-co/manifest/' + 'a'.repeat(32) + '/documents')).status).toBe(403);
  });
});
