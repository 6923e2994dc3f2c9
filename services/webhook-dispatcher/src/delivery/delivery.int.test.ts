import { eventually } from '@waybill/testing';
import { Harness, newCompany } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { assertProperWebhook, createEndpoint, settledAttempts } from '../test-support/scenario';
import { podRetrieved, trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';

describe('webhook delivery', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  const receiver = async (...a: Parameters<typeof startReceiver>) => { const r = await startReceiver(...a); receivers.push(r); return r; };
  beforeAll(async () => { h = await Harness.start(); });
  afterAll(async () => {
    await h?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('sends each subscribed endpoint of the event\'s company a signed body that matches the contract', async () => {
    const [acme, other] = [newCompany(), newCompany()];
    const [all, podOnly, off, foreign] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    const epAll = await createEndpoint(h, acme, { url: all.url });
    await createEndpoint(h, acme, { url: podOnly.url, event_types: ['proof_of_delivery'] });
    await createEndpoint(h, acme, { url: off.url, enabled: false });
    await createEndpoint(h, other, { url: foreign.url });

    const tracking = await h.publish(TRACKING, acme, trackingUpdated(2));
    const pod = await h.publish('tracking.pod.retrieved', acme, podRetrieved());

    await eventually(() => all.received.length === 2 && podOnly.received.length === 1, { what: 'deliveries' });
    for (const r of all.received) assertProperWebhook(all, r, epAll.secret);
    const byType = Object.fromEntries(all.received.map((r) => [r.json.event_type, r.json]));
    expect(byType.tracking_update).toMatchObject({ event_id: tracking.id, payload_version: '2025.1', carrier_slug: 'generic', count: 2 });
    expect(byType.proof_of_delivery).toMatchObject({ event_id: pod.id, payload: [expect.objectContaining({ document_id: 'pod-1' })] });
    expect(podOnly.received[0].json.event_id).toBe(pod.id);
    // Another company's endpoints and a disabled one never hear of it.
    await h.sweep();
    expect(off.received).toHaveLength(0);
    expect(foreign.received).toHaveLength(0);
  });

  it('retries a failing receiver on the schedule with the same event id, until it answers 2xx', async () => {
    const company = newCompany();
    const rx = await receiver((_r, nth) => (nth < 3 ? { status: 503, body: 'try later' } : { status: 204 }));
    const ep = await createEndpoint(h, company, { url: rx.url });

    const event = await h.publish(TRACKING, company, trackingUpdated(1));

    const attempts = await settledAttempts(h, company, ep.id, (a) => a.length === 3);
    expect(attempts.map((a) => a.outcome)).toEqual(['success', 'failure', 'failure']);
    expect(attempts[2]).toMatchObject({ event_id: event.id, event_type: 'tracking_update', status_code: 503, error: 'answered 503' });
    expect(attempts[2].response_head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*\r\n\r\ntry later$/);
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    for (const r of rx.received) assertProperWebhook(rx, r, ep.secret);
    // Schedule 0, 100 ms, 200 ms with ±20 % jitter.
    expect(rx.received[1].at - rx.received[0].at).toBeGreaterThanOrEqual(80);
    expect(rx.received[2].at - rx.received[1].at).toBeGreaterThanOrEqual(160);
  });

  it('gives up after the last attempt of the schedule and sends again on recover', async () => {
    const company = newCompany();
    const rx = await receiver(() => ({ status: 500 }));
    const ep = await createEndpoint(h, company, { url: rx.url });
    const since = new Date().toISOString();
    const event = await h.publish(TRACKING, company, trackingUpdated(1));

    await settledAttempts(h, company, ep.id, (a) => a.length === 4);
    await h.sweep();
    expect(rx.received).toHaveLength(4);

    rx.behave(() => ({ status: 200 }));
    const res = await h.api(company).post(`/webhooks/endpoints/${ep.id}/recover`, { since });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ resent: 1 });
    await eventually(() => rx.received.length === 5, { what: 'recovered delivery' });
    expect(rx.received[4].json.event_id).toBe(event.id);
    await settledAttempts(h, company, ep.id, (a) => a[0].outcome === 'success');
    expect((await h.api(company).post(`/webhooks/endpoints/${ep.id}/recover`, { since })).body).toEqual({ resent: 0 });
  });

  it('counts a receiver that hangs past the timeout as a failure and tries again', async () => {
    const company = newCompany();
    const rx = await receiver((_r, nth) => (nth === 1 ? 'hang' : { status: 200 }));
    const ep = await createEndpoint(h, company, { url: rx.url });

    await h.publish(TRACKING, company, trackingUpdated(1));

    const attempts = await settledAttempts(h, company, ep.id, (a) => a.length === 2);
    expect(attempts[1]).toMatchObject({ outcome: 'failure', status_code: null, error: 'no answer within 1000 ms' });
    expect(attempts[1].latency_ms).toBeGreaterThanOrEqual(990);
    expect(attempts[0].outcome).toBe('success');
  });

  // The SSRF drill of redirects: the target here is a private address, which a redirect must never reach.
  it.each([301, 302, 303, 307, 308])('does not follow a %i redirect: a failure, and nothing reaches its target', async (status) => {
    const company = newCompany();
    const elsewhere = await receiver();
    const rx = await receiver((_r, nth) => (nth === 1 ? { status, headers: { location: elsewhere.url } } : { status: 200 }));
    const ep = await createEndpoint(h, company, { url: rx.url });

    await h.publish(TRACKING, company, trackingUpdated(1));

    const attempts = await settledAttempts(h, company, ep.id, (a) => a.length === 2);
    expect(attempts[1]).toMatchObject({ outcome: 'failure', status_code: status, error: `redirect (${status} to ${elsewhere.url}) not followed` });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    const company = newCompany();
    const rx = await receiver(() => ({ status: 410 }));
    const ep = await createEndpoint(h, company, { url: rx.url });

    await h.publish(TRACKING, company, trackingUpdated(1));

    await eventually(async () => (await h.api(company).get(`/webhooks/endpoints/${ep.id}`)).body.disabled_reason === 'gone', { what: 'disabled' });
    expect((await h.api(company).get(`/webhooks/endpoints/${ep.id}`)).body).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    await h.publish(TRACKING, company, trackingUpdated(1));
    await h.sweep();
    expect(rx.received).toHaveLength(1);
  });

  it('honours 429 Retry-After before the next attempt', async () => {
    const company = newCompany();
    const rx = await receiver((_r, nth) => (nth === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
    const ep = await createEndpoint(h, company, { url: rx.url });

    await h.publish(TRACKING, company, trackingUpdated(1));

    await settledAttempts(h, company, ep.id, (a) => a.length === 2 && a[0].outcome === 'success');
    expect(rx.received[1].at - rx.received[0].at).toBeGreaterThanOrEqual(1000);
  });

  it('signs with the old and the new secret during a rotation; both verify', async () => {
    const company = newCompany();
    const rx = await receiver();
    const ep = await createEndpoint(h, company, { url: rx.url });
    const rotated = await h.api(company).post(`/webhooks/endpoints/${ep.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect((await h.api(company).get(`/webhooks/endpoints/${ep.id}/secret`)).body).toEqual({ secret: rotated.body.secret });

    await h.publish(TRACKING, company, trackingUpdated(1));

    await eventually(() => rx.received.length === 1, { what: 'delivery' });
    const r = rx.received[0];
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    assertProperWebhook(rx, r, ep.secret);
    assertProperWebhook(rx, r, rotated.body.secret);
  });

  it('delivers an event the bus delivers twice only once', async () => {
    const company = newCompany();
    const rx = await receiver();
    await createEndpoint(h, company, { url: rx.url });
    const event = await h.publish(TRACKING, company, trackingUpdated(1));
    await Promise.all([h.publishEnvelope(event), h.publishEnvelope(event)]);
    await eventually(() => rx.received.length >= 1, { what: 'delivery' });
    const sentinel = await h.publish(TRACKING, company, trackingUpdated(1));
    await eventually(() => rx.received.some((r) => r.json.event_id === sentinel.id), { what: 'later event' });
    await h.sweep();
    expect(rx.successesById().get(event.id)).toBe(1);
    expect(rx.received.filter((r) => r.json.event_id === event.id)).toHaveLength(1);
  });

  it('sends a message again on a manual resend, to every endpoint or to the one named', async () => {
    const company = newCompany();
    const [a, b] = [await receiver(), await receiver()];
    await createEndpoint(h, company, { url: a.url });
    const epB = await createEndpoint(h, company, { url: b.url });
    const event = await h.publish(TRACKING, company, trackingUpdated(1));
    await eventually(() => a.received.length === 1 && b.received.length === 1, { what: 'first deliveries' });

    expect((await h.api(company).post(`/webhooks/messages/${event.id}/resend`)).body).toEqual({ resent: 2 });
    await eventually(() => a.received.length === 2 && b.received.length === 2, { what: 'resent to both' });
    expect((await h.api(company).post(`/webhooks/messages/${event.id}/resend`, { endpoint_id: epB.id })).status).toBe(202);
    await eventually(() => b.received.length === 3, { what: 'resent to one' });
    expect(b.received.map((r) => r.json.event_id)).toEqual([event.id, event.id, event.id]);
    expect(a.received).toHaveLength(2);
    expect((await h.api(newCompany()).post(`/webhooks/messages/${event.id}/resend`)).status).toBe(404);
  });

  // docs/operations.md#retention-and-erasure: the stored bodies naming an erased consignment keep its events' status and times only.
  it('on consignment.consignment.erased redacts the stored body for that consignment only, and a resend sends it redacted', async () => {
    const company = newCompany();
    const rx = await receiver();
    await createEndpoint(h, company, { url: rx.url });
    const data = trackingUpdated(2);
    const [erased, kept] = data.trackings.map((t) => t.consignment_identifier);
    const event = await h.publish(TRACKING, company, data);
    await eventually(() => rx.received.length === 1, { what: 'first delivery' });
    const erasure = await h.publish('consignment.consignment.erased', company, { identifier: erased, consignment_number: 'CN-0', tracking_numbers: ['GEN100000'], erased_at: new Date().toISOString(), reason: 'request' });
    await h.publishEnvelope(erasure);
    const stored = async () => JSON.parse((await h.db.db.selectFrom('messages').select('body').where('event_id', '=', event.id).executeTakeFirstOrThrow()).body);
    await eventually(async () => !JSON.stringify((await stored()).trackings[0]).includes('Leeds') || undefined, { what: 'the body redacted' });
    const body = await stored();
    expect(body.trackings[0].events).toEqual([{ status: 'IN_TRANSIT', timestamp: '2025-03-01T09:30:00', carrier_code: 'DEP' }, { status: 'OUT_FOR_DELIVERY', timestamp: '2025-03-02T07:05:00' }]);
    expect(body.trackings[1]).toMatchObject({ consignment_identifier: kept, events: [expect.objectContaining({ description: 'Departed hub', location: 'Leeds' }), expect.anything()] });
    expect((await h.api(company).post(`/webhooks/messages/${event.id}/resend`)).status).toBe(202);
    await eventually(() => rx.received.length === 2, { what: 'the resend' });
    expect(rx.received[1].json.trackings[0].events[0]).not.toHaveProperty('description');
  });
});
