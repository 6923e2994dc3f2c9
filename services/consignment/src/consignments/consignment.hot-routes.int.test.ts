import { closeServer, listen } from '@waybill/http';
import { rawAnswer, type RawAnswer } from '@waybill/testing';
import { startHarness, type Harness } from '../test-support';

type Answer = RawAnswer;

function send(port: number, method: string, path: string, auth: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const all: Record<string, string> = { authorization: auth, 'x-request-id': 'req-1', ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers };
  return rawAnswer(port, { method, path, headers: all, body });
}

const valid = (order: string) => ({
  order_number: order,
  recipient: { name: 'Ada', address: { address1: '1 High St', city: 'London', postcode: 'E1 6AN', country: 'GB' } },
  packages: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
});

/** The consignment service's fast lane answers exactly as its express app does, and leaves the rest to it. */
describe('consignment hot routes', () => {
  let h: Harness;
  let lane = 0;
  let plain = 0;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    h = await startHarness();
    // The same service twice: as it listens (lane in front of express), and express alone.
    const withLane = await listen(h.handler, 0, '127.0.0.1');
    const expressOnly = await listen(h.app, 0, '127.0.0.1');
    lane = withLane.port;
    plain = expressOnly.port;
    stops.push(() => closeServer(withLane.server), () => closeServer(expressOnly.server));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await h?.close();
  });

  it('reads a consignment, and answers a missing one, as express does', async () => {
    const created = JSON.parse((await send(plain, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([valid('HOT-1')]))).body);
    const id = created.success[0];
    for (const path of [`/companies/acme/consignment/${id}`, `/companies/acme/consignment/${id}/`, '/companies/acme/consignment/nothere']) {
      expect(await send(lane, 'GET', path, h.auth())).toEqual(await send(plain, 'GET', path, h.auth()));
    }
    const got = await send(lane, 'GET', `/companies/acme/consignment/${id}`, h.auth());
    expect([got.status, JSON.parse(got.body).order_number]).toEqual([200, 'HOT-1']);
  });

  it('creates as express does: per-element errors, a refused batch, malformed JSON', async () => {
    const ok = await send(lane, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([valid('HOT-2'), { order_number: 'bad' }]));
    const okBody = JSON.parse(ok.body);
    expect([ok.status, okBody.success.length, Object.keys(okBody.errors)]).toEqual([200, 1, ['1']]);
    const stored = await send(plain, 'GET', `/companies/acme/consignment/${okBody.success[0]}`, h.auth());
    expect(JSON.parse(stored.body).order_number).toBe('HOT-2');
    const express = await send(plain, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([valid('HOT-2'), { order_number: 'bad' }]));
    expect(ok.headers).toEqual(express.headers.map(([k, v]) => [k, k.toLowerCase() === 'content-length' ? String(ok.body.length) : v]));
    expect(okBody.errors).toEqual(JSON.parse(express.body).errors);
    for (const body of ['{"not":"a list"}', '[]', '[{"order_number": ', `[${'['.repeat(200)}${']'.repeat(200)}]`]) {
      expect(await send(lane, 'POST', '/companies/acme/consignments', h.auth(), body)).toEqual(await send(plain, 'POST', '/companies/acme/consignments', h.auth(), body));
    }
  });

  it('reads values as real clients send them the same way on the lane, on express and with a key (docs/api/consignments.md)', async () => {
    const drf = (order: string) => ({ ...valid(order), order_value: '19.99', packages: [{ weight: '1.500', length: '30', items: [{ name: 'Mug', quantity: '2.0', value: '19.99' }] }] });
    const bad = (order: string) => ({ ...valid(order), order_number: 'x'.repeat(256), packages: [{ weight: true, items: [{ name: 'Mug', quantity: '2.5' }] }] });
    const expected = { order_value: 19.99, packages: [{ weight: 1.5, length: 30, items: [{ quantity: 2, value: 19.99 }] }] };
    const answers = [
      await send(lane, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([drf('DRF-1'), bad('DRF-1')])),
      await send(plain, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([drf('DRF-2'), bad('DRF-2')])),
      await send(lane, 'POST', '/companies/acme/consignments', h.auth(), JSON.stringify([drf('DRF-3'), bad('DRF-3')]), { 'idempotency-key': 'drf-key' }),
    ].map((a) => JSON.parse(a.body));
    for (const a of answers) {
      expect(a.errors).toEqual({ 1: [
        'order_number: Ensure this field has no more than 255 characters.', 'packages.0.weight: A valid number is required.',
        'packages.0.items.0.quantity: A valid integer is required.',
      ] });
      const stored = JSON.parse((await send(lane, 'GET', `/companies/acme/consignment/${a.success[0]}`, h.auth())).body);
      expect(stored).toMatchObject(expected);
    }
  });

  it('refuses a token for another company or service as express does', async () => {
    for (const auth of [h.auth('globex'), 'Bearer not-a-token', '']) {
      expect(await send(lane, 'GET', '/companies/acme/consignment/x', auth)).toEqual(await send(plain, 'GET', '/companies/acme/consignment/x', auth));
    }
  });

  it('leaves a keyed create to express, whose claim and replay answer it', async () => {
    const body = JSON.stringify([valid('HOT-3')]);
    const first = await send(lane, 'POST', '/companies/acme/consignments', h.auth(), body, { 'idempotency-key': 'hot-key-1' });
    const again = await send(lane, 'POST', '/companies/acme/consignments', h.auth(), body, { 'idempotency-key': 'hot-key-1' });
    expect([first.status, again.status, JSON.parse(again.body)]).toEqual([200, 200, JSON.parse(first.body)]);
    // Only express's route replays: the header proves the lane handed the request over.
    expect(again.headers).toContainEqual(['Idempotent-Replayed', 'true']);
  });
});
