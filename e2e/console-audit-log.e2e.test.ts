import type { Page } from 'playwright-core';
import { startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';
import { goTo } from './support/console-page';

/** The console's audit log: an operations person sees who changed what, including changes made in the console itself. */
describe('console: audit log (one-process)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack('one-process');
    browser = await openSignedIn(stack);
    page = browser.page;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lists the changes made with a token and in the console, newest first', async () => {
    const api = client(stack);
    expect((await api.put('/service-aliases', { Yodel: 'SwiftPost|SwiftPost 24' })).status).toBe(200);
    await goTo(page, 'Tracking page');
    await page.getByLabel('Display name').fill('Acme Parcels');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#tp-message', { hasText: 'Saved.' }).waitFor();
    await goTo(page, 'Audit log');
    const rows = page.locator('#audit-log tbody tr');
    await rows.nth(1).waitFor();
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([expect.any(String), stack.creds.user, 'branding.updated', '—', expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]);
    expect(await rows.nth(1).locator('td').nth(1).textContent()).toBe('token:demo token');
    expect(await rows.nth(1).locator('td').nth(2).textContent()).toBe('service_aliases.replaced');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'audit-log');
  });
});
