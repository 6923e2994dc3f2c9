import type { Page } from 'playwright-core';
import { startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';
import { goTo } from './support/console-page';

/** A weekday some days ahead (the sandbox carriers refuse Sundays). */
function weekday(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The console's collections: a warehouse lead books the van, sees it listed for the warehouse, and cancels it. */
describe('console: collections (one-process)', () => {
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

  it('books a collection for the chosen warehouse, lists it, shows a refusal, and cancels it', async () => {
    await goTo(page, 'Collections');
    await page.locator('#collection-carrier option').nth(1).waitFor({ state: 'attached' });
    await page.locator('#collections, .state.empty').first().waitFor();
    expect(await page.locator('#collection-carrier option').allTextContents()).toEqual(['Globex Worldwide', 'SwiftPost']);
    await page.getByLabel('Carrier').selectOption({ label: 'SwiftPost' });
    await page.getByLabel('Day').fill(weekday(5));
    await page.getByLabel('Parcels').fill('6');
    await page.getByRole('button', { name: 'Book collection' }).click();
    await page.locator('#collection-status', { hasText: 'Collection booked: SWIP' }).waitFor();
    const row = page.locator('#collections tbody tr');
    await row.first().waitFor();
    expect(await row.first().locator('td').allTextContents()).toEqual([weekday(5), '12:00–17:00', 'swiftpost', '6', expect.stringMatching(/^SWIP\d{10}$/), 'Booked', expect.any(String), 'Cancel']);

    await page.getByLabel('Ready from').fill('16:00');
    await page.getByRole('button', { name: 'Book collection' }).click();
    await page.locator('#collection-status', { hasText: 'needs a collection window of at least 2 hours' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'collections');

    await row.first().getByRole('button', { name: /^Cancel collection/ }).click();
    await page.locator('#collections tbody tr td', { hasText: 'Cancelled' }).waitFor();
    const listed = (await client(stack).get('/collections')).body;
    expect(listed.results.map((c: { status: string; parcels: number }) => [c.status, c.parcels])).toEqual([['cancelled', 6]]);
  });
});
