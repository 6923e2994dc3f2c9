import type { Page } from 'playwright-core';
import { eventually } from '@waybill/testing';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';
import { goTo } from './support/console-page';

/** The console's tracking page settings: a merchant sets its look and sees the real page change as it types. */
describe('console: tracking page settings with a live preview (one-process)', () => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await sharedStack('one-process');
    browser = await openSignedIn(stack);
    page = browser.page;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('previews unsaved values in the real page, says why a value is refused, and saves', async () => {
    await goTo(page, 'Tracking page');
    const preview = page.frameLocator('#tp-preview');
    // The demo seed names the shop.
    expect(await page.getByLabel('Display name').inputValue()).toBe('Demo Co');
    await preview.getByRole('heading', { name: 'On its way', level: 1 }).waitFor();

    await page.getByLabel('Display name').fill('Riverside Tea Rooms');
    await preview.getByText('Riverside Tea Rooms').first().waitFor();
    await page.getByLabel('Accent colour (#rrggbb)').fill('teal');
    await page.locator('#tp-message', { hasText: /^accent_colour: / }).waitFor();
    await page.getByLabel('Accent colour (#rrggbb)').fill('#7a1f5c');
    await eventually(async () => (await page.locator('#tp-preview').getAttribute('src'))?.includes('7a1f5c') === true, { what: 'preview with the colour' });
    expect(await page.locator('#tp-message').textContent()).toBe('');
    await page.getByLabel('Parcel status').selectOption('DELIVERY_FAILED');
    await preview.getByRole('heading', { name: 'Delivery attempt failed', level: 1 }).waitFor();
    await preview.getByText('shipping@demo-co.example').first().waitFor();

    // Nothing is saved until Save.
    const api = client(stack);
    expect((await api.get('/tracking-page')).body.display_name).toBe('Demo Co');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-page');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#tp-message', { hasText: 'Saved.' }).waitFor();
    expect((await api.get('/tracking-page')).body).toEqual({ display_name: 'Riverside Tea Rooms', logo_url: null, accent_colour: '#7a1f5c', support_email: 'shipping@demo-co.example' });
  });
});
