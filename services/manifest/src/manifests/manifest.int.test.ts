import { createTestDatabase, eventually, readPdf, type TestDatabase } from '@waybill/testing';
import type { JobDriver } from '@waybill/jobs';
import { sampleConsignments } from '../paperwork/manifest-sample';
import { CarrierLinkStandIn, ClaimPeer, dropRedisKeys, jobDriver, lostJobs, startService, type Running } from './manifest.fixture';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `${i}`.padStart(32, 'c'));
const body = (n = 3) => ({ consignment_ids: ids(n), carrier_id: 'generic', warehouse_id: 'acme|London DC' });

describe('manifest service', () => {
  let tdb: TestDatabase;
  let peer: ClaimPeer;
  let link: CarrierLinkStandIn;
  const running: Running[] = [];
  const drivers: JobDriver[] = [];
  const start = async (...args: Parameters<typeof startService> extends [any, any, any, ...infer R] ? R : never) => {
    const jobs = jobDriver();
    drivers.push(jobs);
    const [opts, peers] = args;
    const r = await startService(tdb, peer, jobs, opts, { 'carrier-link': link.url, ...peers });
    running.push(r);
    return r;
  };
  const documents = (svc: Running, id: string) => eventually(async () => {
    const res = await svc.call('GET', `/manifest/${id}/documents`);
    return res.status === 204 ? false : res;
  }, { timeoutMs: 20_000, what: `manifest ${id} documents` });

  // One database for the file (creating one is slow); every test leaves its manifests finished.
  beforeAll(async () => { tdb = await createTestDatabase(); });
  beforeEach(async () => {
    peer = new ClaimPeer();
    await peer.start();
    link = new CarrierLinkStandIn();
    await link.start();
  });
  afterEach(async () => {
    for (const r of running.splice(0)) await r.svc.stop();
    for (const d of drivers.splice(0)) await d.close();
    await peer.stop();
    await link.stop();
  });
  afterAll(async () => {
    await tdb.drop();
    await dropRedisKeys();
  });

  it('answers 204 while the carrier has not confirmed the manifest, then 200 with the PDF', async () => {
    let confirm!: () => void;
    const confirmed = new Promise<void>((r) => (confirm = r));
    const answer = link.answer;
    link.answer = async (...asked) => { await confirmed; return answer(...asked); };
    const svc = await start();
    const created = await svc.call('POST', '/manifest', body());
    expect(created.status).toBe(201);
    const id = created.body.identifier;
    expect((await svc.call('GET', `/manifest/${id}/documents`)).status).toBe(204);
    confirm();
    const ready = await documents(svc, id);
    expect(ready.status).toBe(200);
    const pdf = await readPdf(Buffer.from(ready.body.documents, 'base64'));
    expect(pdf.pages[0].text).toContain(id);
    expect(pdf.pages[0].text).toMatch(/GENM\d{12}/);
    // Through the port, named as its claim names it.
    expect(link.submitted).toEqual([{ company: 'acme', carrier: 'generic', manifestId: id }]);
    expect((await svc.call('GET', `/manifest/${id}/documents`, undefined, 'other')).status).toBe(404);
    expect(svc.published('manifest.manifest.failed')).toEqual([]);
  });

  it('completes a manifest whose claim got no answer once the consignment service is back', async () => {
    const svc = await start({ sweeper: { intervalMs: 50, claimStaleMs: 100 } });
    peer.answer = 'outage';
    const refused = await svc.call('POST', '/manifest', body());
    expect(refused.status).toBe(503);
    const id = /Manifest ([0-9a-f]{32})/.exec(refused.body.detail)![1];
    expect((await svc.call('GET', `/manifest/${id}/documents`)).status).toBe(204);
    peer.answer = 'claim';
    expect((await documents(svc, id)).status).toBe(200);
    expect(new Set(peer.calls.map((c) => c.manifest_id))).toEqual(new Set([id]));
    expect(peer.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('discards a stalled manifest whose claim is refused when driven again', async () => {
    const svc = await start({ sweeper: { intervalMs: 50, claimStaleMs: 100 } });
    peer.answer = 'outage';
    const refused = await svc.call('POST', '/manifest', body());
    const id = /Manifest ([0-9a-f]{32})/.exec(refused.body.detail)![1];
    peer.answer = 'refuse';
    await eventually(async () => (await svc.call('GET', `/manifest/${id}/documents`)).status === 404, { what: 'discarded manifest' });
  });

  it('relays the consignment service refusal as a 400 and keeps no manifest', async () => {
    const svc = await start();
    peer.answer = 'refuse';
    const res = await svc.call('POST', '/manifest', body(1));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.stringContaining('cannot be manifested'), errors: { 'consignment_ids.0': ['x: not found.'] } });
  });

  it('generates, after a restart, the documents of manifests whose jobs died with the process', async () => {
    const first = await startService(tdb, peer, lostJobs);
    const created = await first.call('POST', '/manifest', body(40));
    expect(created.status).toBe(201);
    expect((await first.call('GET', `/manifest/${created.body.identifier}/documents`)).status).toBe(204);
    await first.svc.stop();

    const second = await start();
    const ready = await documents(second, created.body.identifier);
    expect(ready.status).toBe(200);
    expect((await readPdf(Buffer.from(ready.body.documents, 'base64'))).pages.at(-1)!.text).toContain('Consignments: 40');
  });

  it('records why when generation fails for good after its retries, and answers 409', async () => {
    // The port could not tell whether the carrier took it: a transient failure, retried, then recorded.
    link.answer = async () => ({ status: 422, body: { manifested: false, rejection_reason: 'carrier API timed out', outcome_unknown: true, named: true } });
    const svc = await start({ generation: { attempts: 2, backoffMs: 10 } });
    const created = await svc.call('POST', '/manifest', body());
    const res = await documents(svc, created.body.identifier);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('The manifest document could not be generated after 2 attempts: carrier API timed out');
    // The carrier never took it: announced so that the consignment service releases the consignments.
    const failed = await eventually(() => svc.published('manifest.manifest.failed').length > 0 && svc.published('manifest.manifest.failed'), { what: 'manifest.manifest.failed' });
    expect(failed).toEqual([expect.objectContaining({ company: 'acme', data: { manifest_id: created.body.identifier, reason: res.body.detail, carrier_reference: null } })]);
  });

  it("fails at once, naming the carrier, when the carrier refuses the manifest through the port", async () => {
    link.answer = async () => ({ status: 422, body: { manifested: false, rejection_reason: 'deliveries to ZZ9 9ZZ are under an embargo', outcome_unknown: false, named: false } });
    const svc = await start({ generation: { attempts: 5, backoffMs: 10 } });
    const created = await svc.call('POST', '/manifest', body());
    const res = await documents(svc, created.body.identifier);
    expect([res.status, res.body.detail]).toEqual([409, 'Generic Carrier refused the manifest: deliveries to ZZ9 9ZZ are under an embargo.']);
    // A refusal is not retried: the carrier was asked once.
    expect(link.submitted).toHaveLength(1);
  });

  it("covers every consignment a whole-account manifest claims, and serves the carrier's own document as it came", async () => {
    // A carrier that manifests every labelled consignment of the account (Royal Mail Click & Drop): the
    // consignment service claims them all, and the port answers with the carrier's PDF.
    const carrierPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF\n');
    link.answer = async () => ({ status: 201, body: { manifested: true, reference: 'RM-MANIFEST-7', scope: 'account', document: carrierPdf.toString('base64') } });
    const all = sampleConsignments(3);
    peer.claimOf = (id) => ({
      manifest_id: id, scope: 'account', carrier: { identifier: 'royalmail', name: 'Royal Mail' }, consignments: all,
      warehouse: { identifier: 'acme|London DC', name: 'London DC', timezone: 'Europe/London', address: { address1: '1 Dock Road', city: 'London', postcode: 'E14 5AB', country: 'GB' } },
    });
    const svc = await start();
    // One consignment named; the carrier manifests the three the account labelled, and the 201 says so.
    const created = await svc.call('POST', '/manifest', { ...body(1), carrier_id: 'royalmail' });
    expect([created.status, created.body.consignment_ids]).toEqual([201, all.map((c) => c.identifier)]);
    const docs = await documents(svc, created.body.identifier);
    expect([docs.status, docs.body.documents]).toEqual([200, carrierPdf.toString('base64')]);
    expect(link.submitted).toEqual([{ company: 'acme', carrier: 'royalmail', manifestId: created.body.identifier }]);
  });

  it('fails a manifest that is still not generated at its deadline, so it never answers 204 forever', async () => {
    const svc = await startService(tdb, peer, lostJobs, { sweeper: { intervalMs: 50, deadlineMs: 200 } });
    running.push(svc);
    const created = await svc.call('POST', '/manifest', body());
    const res = await documents(svc, created.body.identifier);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/was not generated within/);
    const failed = await eventually(() => svc.published('manifest.manifest.failed').length > 0 && svc.published('manifest.manifest.failed'), { what: 'manifest.manifest.failed' });
    expect(failed).toEqual([expect.objectContaining({ data: { manifest_id: created.body.identifier, reason: res.body.detail, carrier_reference: null } })]);
  });
});
