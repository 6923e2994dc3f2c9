import { eventually } from '@waybill/testing';
import type { Page } from 'playwright-core';
import { sendPush, trackingBody } from '@waybill/testing';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { ensureConsoleBuilt, openBrowser, screenshot, seriousViolations, signIn, type Browser } from './support/browser';
import { goTo, phoneScreenshot, tabTo } from './support/console-page';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const SWIFT = 'SwiftPost|SwiftPost 24';
const PARCELINK = 'Parcelink|Parcelink Standard';
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const DESKTOP = { width: 1280, height: 800 };

describe.each(availableModes())('console: dashboard and exceptions in a browser (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  const ids: Record<string, string> = {};

  async function create(order_number: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await api.post('/consignments', [domesticConsignment({ order_number, ...overrides })]);
    expect(res.body.errors).toEqual({});
    return (ids[order_number] = res.body.success[0]);
  }
  const consignment = async (order: string) => (await api.get(`/consignment/${ids[order]}`)).body;
  const untilStatus = (order: string, status: string) => eventually(async () => (await consignment(order)).current_status.status === status, { timeoutMs: 20_000, what: `${order} ${status}` });

  /** Moves a consignment by a carrier's tracking push, as the carrier would. */
  async function tracked(order: string, status: string): Promise<void> {
    const [number] = (await consignment(order)).packages.map((p: { tracking_number: string }) => p.tracking_number);
    const push = (events: Parameters<typeof trackingBody>[0]) => sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody(events));
    await eventually(async () => (await push({ [number]: [] })).body.unknown?.length === 0, { timeoutMs: 20_000, what: 'tracking number known' });
    expect((await push({ [number]: [{ status, carrier_code: 'X', description: status, location: 'Leeds', timestamp: new Date().toISOString() }] })).body.accepted).toBe(1);
  }

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_ROLLUP_INTERVAL: '200ms' });
    api = client(stack);
    for (const n of [1, 2, 3]) await create(`GEN-${n}`, { service_id: GDOM, expected_delivery_date: tomorrow });
    await create('SWIFT-1', { service_id: SWIFT });
    // Promised two days ago and still not delivered: running late.
    await create('LATE-1', { service_id: GDOM, expected_delivery_date: twoDaysAgo });
    await create('OPEN-1');
    // Too heavy for Parcelink: the carrier refuses, and the consignment waits, unallocated, with the reason.
    for (const order of ['HEAVY-1', 'HEAVY-2']) {
      await create(order, { service_id: PARCELINK, packages: [{ weight: 11, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm' }] });
      expect((await consignment(order)).current_status).toMatchObject({ status: 'Unallocated', rejection_reason: expect.stringContaining('Parcelink') });
    }
    await tracked('GEN-1', 'DELIVERED');
    await tracked('GEN-2', 'EXCEPTION');
    await untilStatus('GEN-1', 'Delivered');
    await untilStatus('GEN-2', 'Exception');
    const off = await api.post('/webhooks/endpoints', { url: 'http://127.0.0.1:9/hooks', description: 'old shop' });
    await api.call('PATCH', `/webhooks/endpoints/${off.body.id}`, { body: { enabled: false } });
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize(DESKTOP);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lands on the dashboard, whose figures are the API\'s for what was shipped', async () => {
    const figures = await eventually(async () => {
      const body = (await api.get('/dashboard/consignments?days=30')).body;
      return body.created_per_day?.at(-1)?.total === 8 && body.today_by_status?.Delivered === 1 && body.open_exceptions?.refused === 2 && body;
    }, { timeoutMs: 30_000, what: 'the read model took in the seed' });
    const today = figures.created_per_day.at(-1);
    expect(today.by_carrier).toEqual({ 'Generic Carrier': 4, SwiftPost: 1, Unallocated: 3 });
    expect(figures.today_by_status).toEqual({ Allocated: 3, Delivered: 1, Exception: 1, Unallocated: 3 });
    expect(figures.late).toBe(1);
    expect(figures.on_time_by_carrier).toEqual([{ carrier: 'Generic Carrier', delivered: 1, due_known: 1, on_time: 1, on_time_share: 1 }]);
    expect(figures.open_exceptions).toEqual({ exception: 1, refused: 2 });
    const hooks = (await api.get('/dashboard/webhooks?days=30')).body;

    await signIn(page, stack);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('#tile-created .figure', { hasText: '8' }).waitFor();
    expect(await page.locator('#tile-today .figure').textContent()).toBe(String(Object.values(figures.today_by_status as Record<string, number>).reduce((a, b) => a + b, 0)));
    expect(await page.locator('#tile-exceptions .figure').textContent()).toBe('3');
    expect(await page.locator('#tile-late .figure').textContent()).toBe('1');
    expect(await page.locator('#tile-webhooks .figure').textContent()).toBe(`${hooks.endpoints.total - hooks.endpoints.disabled - hooks.endpoints.failing} of ${hooks.endpoints.total}`);
    // The tables behind the charts say exactly what the API says, day by day and carrier by carrier.
    const createdRows = await page.locator('#chart-created-table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(createdRows).toEqual(figures.created_per_day.map((d: { day: string; total: number; by_carrier: Record<string, number> }) =>
      [d.day, ...figures.carriers.map((c: string) => String(d.by_carrier[c] ?? 0)), String(d.total)]));
    expect(await page.locator('#chart-on-time-table tbody tr').first().evaluate((r) => [...r.children].map((c) => c.textContent)))
      .toEqual(['Generic Carrier', '1', '1', '1', '100%']);
    expect(await page.locator('#chart-webhooks-table tbody tr').count()).toBe(30);
    // Returns: one row a day of the period, and the reasons table (empty until a return is booked).
    expect(await page.locator('#chart-returns-table tbody tr').count()).toBe(30);
    expect(await page.locator('#chart-return-reasons').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard');
    await phoneScreenshot(page, 'dashboard-mobile', DESKTOP);
  });

  it('changes the period and shows a chart\'s table with the keyboard alone', async () => {
    await page.locator('body').focus();
    await tabTo(page, page.getByLabel('Period'));
    await page.keyboard.press('ArrowUp'); // Last 30 days → Last 7 days
    await eventually(async () => (await page.locator('#chart-created-table tbody tr').count()) === 7, { what: '7 days' });
    const toggle = page.locator('#chart-created button[aria-controls="chart-created-table"]');
    expect(await toggle.textContent()).toBe('Show table');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await page.locator('#chart-created-table').getByRole('table').waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toBe('Hide table');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists what went wrong with the action that resolves each, and the actions work', async () => {
    await goTo(page, 'Exceptions');
    const queue = page.locator('#exception-queue tbody tr');
    await eventually(async () => (await queue.count()) === 3, { what: 'three consignments in the queue' });
    const orders = await page.locator('#exception-queue tbody th').allTextContents();
    expect(orders.sort()).toEqual(['GEN-2', 'HEAVY-1', 'HEAVY-2']);
    expect(await page.locator('#exception-queue tbody tr', { hasText: 'HEAVY-1' }).textContent()).toMatch(/Refused: .*Parcelink/i);
    await page.locator('#endpoint-queue tbody tr', { hasText: 'old shop' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'exceptions');
    await phoneScreenshot(page, 'exceptions-mobile', DESKTOP);

    // Reallocate HEAVY-1 to Generic Carrier with the keyboard alone.
    await page.locator('body').focus();
    const row = page.locator('#exception-queue tbody tr', { hasText: 'HEAVY-1' });
    await tabTo(page, row.getByLabel('Service for HEAVY-1'));
    await row.getByLabel('Service for HEAVY-1').selectOption(GDOM);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row.getByText(`Allocated to ${GDOM}.`).waitFor();
    await untilStatus('HEAVY-1', 'Allocated');
    expect((await consignment('HEAVY-1')).service_id).toBe(GDOM);

    const heavy2 = page.locator('#exception-queue tbody tr', { hasText: 'HEAVY-2' });
    await heavy2.getByRole('button', { name: 'Cancel' }).click();
    await heavy2.getByText('Cancelled.').waitFor();
    await untilStatus('HEAVY-2', 'Cancelled');
    // Resolved consignments leave the queue once the read model has the change.
    await eventually(async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Exceptions', level: 1 }).waitFor();
      await page.locator('#exception-queue tbody th').first().waitFor();
      return (await page.locator('#exception-queue tbody th').allTextContents()).join() === 'GEN-2';
    }, { timeoutMs: 20_000, what: 'only GEN-2 left' });

    await page.locator('#endpoint-queue tbody tr', { hasText: 'old shop' }).getByRole('button', { name: 'Re-enable' }).click();
    await eventually(async () => (await api.get('/webhooks/endpoints')).body.every((e: { enabled: boolean }) => e.enabled), { what: 'endpoint enabled' });
    await page.getByText('Every webhook endpoint is delivering.').waitFor();

    await page.locator('#exception-queue tbody tr', { hasText: 'GEN-2' }).getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Consignment GEN-2', level: 1 }).waitFor();
    // The detail links to the recipient's public tracking page.
    const link = page.locator('#tracking-page a');
    expect(await link.getAttribute('href')).toBe((await consignment('GEN-2')).tracking_url);
    // Its host is PUBLIC_BASE_URL's (or the default one); the page itself is served by this stack.
    expect((await fetch(`${stack.baseUrl}${new URL((await link.getAttribute('href'))!).pathname}`)).status).toBe(200);
  });
});
