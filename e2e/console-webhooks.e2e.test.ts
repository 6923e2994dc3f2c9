import { eventually } from '@waybill/testing';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { webhookReceiver } from './support/webhook-receiver';
import { flakyReceiver } from './support/flaky-receiver';
import { ensureConsoleBuilt, openBrowser, screenshot, seriousViolations, signIn, type Browser } from './support/browser';
import { goTo } from './support/console-page';

describe('console: sign-in and webhooks in a browser (one-process)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack('one-process', { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT: '5s' });
    api = client(stack);
    browser = await openBrowser();
    page = browser.page;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('refuses a wrong password with a clear message, then signs in', async () => {
    await signIn(page, stack, 'not-the-password');
    await page.locator('#login-error', { hasText: 'Wrong username or password.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');
    await signIn(page, stack);
    // The dashboard is where a session starts; Webhooks is one link away.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await goTo(page, 'Webhooks');
    await page.getByText('No webhook endpoints yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the API\'s 400 detail for a bad URL', async () => {
    await page.getByLabel('URL').fill('not a url');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const detail = (await api.post('/webhooks/endpoints', { url: 'not a url' })).body.detail;
    expect(detail).toEqual(expect.any(String));
    await page.locator('#create-status', { hasText: detail }).waitFor();
  });

  it('creates an endpoint, reveals, copies and rotates its secret, and a test event arrives signed with it', async () => {
    const rx = await webhookReceiver();
    try {
      await page.getByLabel('URL').fill(rx.url);
      await page.getByLabel('Description (optional)').fill('warehouse system');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByRole('heading', { name: 'Webhook endpoint' }).waitFor();
      await expect(page.locator('#endpoint-state').textContent()).resolves.toBe('Enabled');
      const [endpoint] = (await api.get('/webhooks/endpoints')).body;
      expect(endpoint).toMatchObject({ url: rx.url, description: 'warehouse system' });

      await page.getByRole('button', { name: 'Reveal secret' }).click();
      const secret = (await api.get(`/webhooks/endpoints/${endpoint.id}/secret`)).body.secret;
      await page.locator('#secret', { hasText: secret }).waitFor();
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByText('Secret copied to the clipboard.').waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);

      await page.getByRole('button', { name: 'Send test event' }).click();
      const hook = await eventually(() => rx.hooks.find((h) => h.json.event_type === 'test'), { what: 'test event at the receiver' });
      expect(rx.verify(hook, secret)).toMatchObject({ event_type: 'test' });
      const row = page.locator('#attempts tbody tr', { hasText: hook.json.event_id });
      await row.getByText('success').waitFor();
      await row.getByText('200', { exact: true }).waitFor();
      await row.getByText(/\d+ ms/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'webhook-endpoint');

      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByText('Secret rotated; the new one is shown.').waitFor();
      const rotated = (await api.get(`/webhooks/endpoints/${endpoint.id}/secret`)).body.secret;
      expect(rotated).not.toBe(secret);
      await expect(page.locator('#secret').textContent()).resolves.toBe(rotated);

      await row.getByRole('button', { name: `Resend ${hook.json.event_id}` }).click();
      await eventually(() => rx.hooks.filter((h) => h.json.event_id === hook.json.event_id).length === 2, { what: 'resent event' });
    } finally {
      await rx.close();
    }
  });

  it('edits, disables and re-enables an endpoint, and the API agrees', async () => {
    const [endpoint] = (await api.get('/webhooks/endpoints')).body;
    await page.getByLabel('Description', { exact: true }).fill('orders only');
    await page.getByLabel('proof_of_delivery').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#endpoint-status', { hasText: 'Saved.' }).waitFor();
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).body).toMatchObject({ description: 'orders only', event_types: ['tracking_update'] });

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.locator('#endpoint-state', { hasText: 'Disabled: disabled by hand' }).waitFor();
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).body).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.locator('#endpoint-state', { hasText: 'Enabled' }).waitFor();
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).body.enabled).toBe(true);
  });

  it('logs a failed delivery with its response head and recovers it once the receiver is back', async () => {
    const flaky = await flakyReceiver();
    try {
      await page.goto(`${stack.baseUrl}/console/#/webhooks`);
      await page.getByLabel('URL').fill(flaky.url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByRole('button', { name: 'Send test event' }).click();
      const failed = page.locator('#attempts tbody tr', { hasText: 'failure' }).first();
      await failed.getByText('500', { exact: true }).waitFor();
      await failed.getByText(/receiver is down|500/).first().waitFor();
      flaky.failing = false;
      await page.getByLabel('Resend failed messages since').fill('2000-01-01T00:00');
      await page.getByRole('button', { name: 'Recover' }).click();
      await page.getByText('1 failed message(s) sent again.').waitFor();
      await eventually(() => flaky.received.length >= 2, { what: 'recovered delivery' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.locator('#attempts tbody tr', { hasText: 'success' }).first().waitFor();
      await page.goto(`${stack.baseUrl}/console/#/webhooks`);
      await page.locator('tr', { hasText: flaky.url }).getByText(/% of the last 2/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'webhooks');
    } finally {
      await flaky.close();
    }
  });

  it('deletes an endpoint after confirmation', async () => {
    const before = (await api.get('/webhooks/endpoints')).body as Array<{ id: string; url: string }>;
    await page.getByRole('link', { name: before[0].url }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    const after = (await api.get('/webhooks/endpoints')).body as Array<{ id: string }>;
    expect(after.map((e) => e.id)).toEqual(before.slice(1).map((e) => e.id));
  });
});

describe('console: webhook targets in production mode (WEBHOOK_ALLOW_PRIVATE=0)', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack('one-process', { WEBHOOK_ALLOW_PRIVATE: '0' });
    browser = await openBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows why a private address is refused', async () => {
    const { page } = browser;
    await signIn(page, stack);
    await goTo(page, 'Webhooks');
    await page.getByLabel('URL').fill('https://127.0.0.1/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const refused = await client(stack).post('/webhooks/endpoints', { url: 'https://127.0.0.1/hooks' });
    expect(refused.status).toBe(400);
    await page.locator('#create-status', { hasText: refused.body.detail }).waitFor();
    await page.getByText('No webhook endpoints yet.').waitFor();
  });
});
