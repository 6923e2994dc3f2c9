import { existsSync } from 'node:fs';
import { eventually } from '@waybill/testing';
import { sendPush, trackingBody } from '../bench/lib/tracking-push';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { privateRabbit, type PrivateServer } from './drills/support/servers';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString().slice(0, 19);
/** The distributed stack, on a RabbitMQ of its own: the test stops it, which must never happen to the shared one. */
const runs = availableModes().includes('distributed') && existsSync('/usr/sbin/rabbitmq-server') ? describe : describe.skip;

/**
 * docs/api/tracking.md: no pushed event is lost because it arrived early. With the broker down, tracking-ingest
 * cannot hear of an allocation for minutes; the carrier's first scans pushed meanwhile are kept and
 * applied once the allocation event arrives, with the same status changes as late events.
 */
runs('a carrier push that overtakes its allocation, with the broker down (distributed)', () => {
  let rabbit: PrivateServer;
  let stack: Stack;
  const saved = process.env.AMQP_URL;

  beforeAll(async () => {
    rabbit = await privateRabbit();
    process.env.AMQP_URL = rabbit.url;
    stack = await startStack('distributed');
  }, 300_000);
  afterAll(async () => {
    await stack?.stop().catch(() => undefined);
    await rabbit?.destroy().catch(() => undefined);
    process.env.AMQP_URL = saved;
  }, 120_000);

  it('keeps the events pushed while tracking cannot know the number, and applies them once the broker is back', async () => {
    const api = client(stack);
    const created = await api.post('/consignments', [domesticConsignment()]);
    const id = created.body.success[0];
    const draft = (await api.get(`/consignment/${id}`)).body;
    await rabbit.stop();
    let down = true;
    try {
      const allocated = await api.put(`/consignment/${id}`, { ...draft, service_id: GDOM });
      expect(allocated.status).toBe(200);
      const n = allocated.body.packages[0].tracking_number as string;
      const body = trackingBody({ [n]: [{ status: 'IN_TRANSIT', carrier_code: 'COL', timestamp: hoursAgo(3), location: 'London DC' }, { status: 'DELIVERED', carrier_code: 'DEL', timestamp: hoursAgo(1) }] });
      const early = await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, body);
      expect([early.status, early.body]).toEqual([202, { accepted: 2, duplicates: 0, unknown: [n] }]);
      expect((await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, body)).body).toEqual({ accepted: 0, duplicates: 2, unknown: [n] });
      expect((await fetch(`${stack.baseUrl}${new URL(allocated.body.tracking_url).pathname}`)).status).toBe(404);
      await rabbit.start();
      down = false;
      await eventually(async () => (await api.get(`/consignment/${id}`)).body.current_status.status === 'Delivered', { what: 'Delivered once the allocation arrived', timeoutMs: 90_000 });
      const events = (await api.get(`/consignment/${id}/tracking`)).body as Array<{ status: string; location: string | null }>;
      expect(events.map((e) => [e.status, e.location])).toEqual([['IN_TRANSIT', 'London DC'], ['DELIVERED', null]]);
      expect((await api.get(`/consignment/${id}/history`)).body.map((x: { status: string }) => x.status)).toEqual(['Unallocated', 'Allocated', 'Delivered']);
      // The parked push replayed after it was applied: duplicates, and the number is known.
      expect((await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, body)).body).toEqual({ accepted: 0, duplicates: 2, unknown: [] });
      const page = await (await fetch(`${stack.baseUrl}${new URL(allocated.body.tracking_url).pathname}`, { headers: { accept: 'application/json' } })).json() as { status: string };
      expect(page.status).toBe('DELIVERED');
    } finally {
      if (down) await rabbit.start().catch(() => undefined);
    }
  }, 300_000);
});
