import type { Page } from 'playwright-core';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';
import { goTo } from './support/console-page';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const SP24 = 'SwiftPost|SwiftPost 24';

/** The console's service aliases: a merchant moving from another platform maps its old service names to its services. */
describe('console: service aliases (one-process)', () => {
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

  it('maps old names to the company\'s services, says why a map is refused, and new consignments use what was saved', async () => {
    const api = client(stack);
    await goTo(page, 'Service aliases');
    await page.locator('#sa-literal-1').fill('Hermes|UK Standard Delivery');
    await page.locator('#sa-target-1').selectOption(GDOM);
    await page.getByRole('button', { name: 'Add alias' }).click();
    await page.locator('#sa-literal-2').fill('Yodel');
    await page.locator('#sa-target-2').selectOption(SP24);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'service-aliases');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#sa-message', { hasText: 'Saved 2 aliases.' }).waitFor();
    expect((await api.get('/service-aliases')).body).toEqual({ 'Hermes|UK Standard Delivery': GDOM, Yodel: SP24 });

    // A name that is one of the company's own services cannot be an alias: the page says which, nothing changes.
    await page.getByRole('button', { name: 'Add alias' }).click();
    await page.locator('#sa-literal-3').fill('Generic Carrier|Generic Next Day GNXT');
    await page.locator('#sa-target-3').selectOption(GDOM);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#sa-message', { hasText: /^Generic Carrier\|Generic Next Day GNXT: .*one of the company's services already/ }).waitFor();
    expect(Object.keys((await api.get('/service-aliases')).body)).toEqual(['Hermes|UK Standard Delivery', 'Yodel']);

    const created = await api.post('/consignments', [{
      order_number: `ALIAS-${Date.now()}`, carrier: 'yodel',
      recipient: { name: 'Ada', address: { address1: '1 High St', city: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' } },
    }]);
    expect(created.body.errors).toEqual({});
    const c = (await api.get(`/consignment/${created.body.success[0]}`)).body;
    expect(c).toMatchObject({ service_id: SP24, carrier: 'SwiftPost', service: 'SwiftPost 24' });

    // Read back after a reload: the saved map, one row each.
    await page.reload();
    await page.getByRole('heading', { name: 'Service aliases', level: 1 }).waitFor();
    await page.locator('#sa-literal-2').waitFor();
    expect(await page.locator('input[name="literal"]').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value)))
      .toEqual(['Hermes|UK Standard Delivery', 'Yodel']);
  });
});
