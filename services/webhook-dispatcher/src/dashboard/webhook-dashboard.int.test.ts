import { SchemaId, validate } from '@waybill/contracts';
import { Harness, newCompany } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { createEndpoint, settledAttempts } from '../test-support/scenario';
import { trackingUpdated } from '../test-support/fixtures';

const TRACKING = 'tracking.tracking.updated';
const today = new Date().toISOString().slice(0, 10);

describe('webhook figures of the dashboard', () => {
  let h: Harness;
  let rx: Receiver;
  beforeAll(async () => {
    h = await Harness.start();
    // The first attempt at each event fails, the retry succeeds.
    rx = await startReceiver((_req, nth) => ({ status: nth === 1 ? 500 : 200 }));
  });
  afterAll(async () => {
    await rx?.close();
    await h?.close();
  });

  it('counts every finished attempt once, per day, with the success rate and the endpoints that need attention', async () => {
    const company = newCompany();
    const ep = await createEndpoint(h, company, { url: rx.url });
    const off = await createEndpoint(h, company, { url: rx.url, description: 'old shop' });
    await h.api(company).patch(`/webhooks/endpoints/${off.id}`, { enabled: false });
    await h.publish(TRACKING, company, trackingUpdated(1));
    await settledAttempts(h, company, ep.id, (a) => a.some((x) => x.outcome === 'success'));
    await h.publish(TRACKING, company, trackingUpdated(2));
    await settledAttempts(h, company, ep.id, (a) => a.filter((x) => x.outcome === 'success').length === 2);

    await h.rollup();
    expect(await h.rollup()).toBe(0);
    const body = (await h.api(company).get('/dashboard/webhooks?days=7')).body;
    expect(validate(SchemaId.WebhookDashboard, body)).toEqual({ ok: true });
    expect(body.attempts_per_day).toHaveLength(7);
    expect(body.attempts_per_day.at(-1)).toEqual({ day: today, succeeded: 2, failed: 1, success_rate: 0.667 });
    expect(body.attempts_per_day.slice(0, -1).every((d: { succeeded: number; failed: number; success_rate: null }) => d.succeeded + d.failed === 0 && d.success_rate === null)).toBe(true);
    expect(body.endpoints).toEqual({ total: 2, failing: 0, disabled: 1 });
    expect((await h.api(newCompany()).get('/dashboard/webhooks')).body.attempts_per_day.at(-1).succeeded).toBe(0);
    const bad = await h.api(company).get('/dashboard/webhooks?days=3');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/7, 30, 90/);
  });
});
