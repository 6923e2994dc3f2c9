import { closeServer, listen } from '@waybill/http';
import { startHarness, type Harness } from './test-support';

/**
 * HOT_LANES=off: the service listens with its express app alone, and the lane's routes (create, read
 * one) are still answered as a client expects. The spy on express's entry shows who answered.
 */
describe('the consignment service with HOT_LANES=off', () => {
  const saved = process.env.HOT_LANES;
  let h: Harness;
  let base = '';
  let stop: () => Promise<void> = async () => undefined;
  let expressCalls: jest.SpyInstance;

  beforeAll(async () => {
    process.env.HOT_LANES = 'off';
    h = await startHarness();
    // express's entry point (every request it serves goes through it), absent from its typings.
    expressCalls = jest.spyOn(h.app as unknown as { handle(...args: unknown[]): void }, 'handle');
    const served = await listen(h.handler, 0, '127.0.0.1');
    base = `http://127.0.0.1:${served.port}`;
    stop = () => closeServer(served.server);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.HOT_LANES;
    else process.env.HOT_LANES = saved;
    await stop();
    await h?.close();
  });

  it('creates one consignment and reads it back, both through express', async () => {
    const consignment = {
      order_number: 'OFF-1',
      recipient: { name: 'Ada', address: { address1: '1 High St', city: 'London', postcode: 'E1 6AN', country: 'GB' } },
      packages: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
    };
    const created = await fetch(`${base}/companies/acme/consignments`, {
      method: 'POST', headers: { authorization: h.auth(), 'content-type': 'application/json' }, body: JSON.stringify([consignment]),
    });
    const createdBody = (await created.json()) as { success: string[]; errors: object };
    expect([created.status, createdBody.success.length, createdBody.errors]).toEqual([200, 1, {}]);

    const read = await fetch(`${base}/companies/acme/consignment/${createdBody.success[0]}`, { headers: { authorization: h.auth() } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ order_number: 'OFF-1', recipient: { name: 'Ada', address: { postcode: 'E1 6AN', country: 'GB' } } });
    expect(expressCalls).toHaveBeenCalledTimes(2);
  });

  it('still refuses another company\'s token, as express does', async () => {
    const res = await fetch(`${base}/companies/acme/consignment/anything`, { headers: { authorization: h.auth('globex') } });
    expect(res.status).toBe(403);
  });
});
