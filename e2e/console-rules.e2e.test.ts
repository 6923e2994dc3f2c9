import { eventually } from '@waybill/testing';
import type { Page } from 'playwright-core';
import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { NORWAY, deliveryOptions } from './support/delivery';
import { ensureConsoleBuilt, openBrowser, screenshot, seriousViolations, signIn, type Browser } from './support/browser';
import { goTo, phoneScreenshot, tabTo } from './support/console-page';

const GLOBEX = 'Globex Worldwide|Globex Economy Worldwide';
const DESKTOP = { width: 1280, height: 800 };

describe.each(availableModes())('console: delivery rules editor in a browser (%s)', (mode) => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let quotes: ReturnType<typeof deliveryOptions>;
  const field = (label: string) => page.getByLabel(label, { exact: true });

  /** Types into a field reached with Tab alone. */
  async function typeInto(label: string, text: string): Promise<void> {
    await tabTo(page, field(label));
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
  }


  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await sharedStack(mode);
    api = client(stack);
    quotes = deliveryOptions(stack);
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize(DESKTOP);
    await signIn(page, stack);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lists the rules and shows the API\'s message next to a setting it refuses', async () => {
    await goTo(page, 'Delivery rules');
    const saved = (await api.get('/delivery-rules')).body as Array<{ name: string }>;
    await eventually(async () => (await page.locator('#rules tbody th').allTextContents()).join('\n') === saved.map((r) => r.name).join('\n'), { what: 'the rules listed' });
    await field('Currency').fill('E1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const detail = (await api.put('/delivery-settings', { currency: 'E1' })).body.errors.currency[0];
    await page.locator('#settings-currency-error', { hasText: detail }).waitFor();
    expect(await field('Currency').getAttribute('aria-describedby')).toContain('settings-currency-error');
    expect((await api.get('/delivery-settings')).body.currency).toBe('GBP');
    await field('Allocation preference').selectOption('fastest');
    await field('Currency').fill('GBP');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved: fastest, GBP.').waitFor();
    expect((await api.get('/delivery-settings')).body).toEqual({ allocation_preference: 'fastest', currency: 'GBP' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'delivery-rules');
    await phoneScreenshot(page, 'delivery-rules-mobile', DESKTOP);
  });

  it('adds a rule with the keyboard alone, previewing what delivery options then quotes, and saves what was typed', async () => {
    await page.getByRole('link', { name: 'Add a rule' }).click();
    await page.getByRole('heading', { name: 'New delivery rule', level: 1 }).waitFor();
    await page.locator('body').focus();
    await typeInto('Name', 'Norway economy');
    await tabTo(page, field('Carrier service'));
    await field('Carrier service').selectOption(GLOBEX);
    await typeInto('Destination countries', 'no');
    await typeInto('Heaviest package (kg)', '30');
    await typeInto('Fixed price', 'abc');
    await typeInto('Cutoff (warehouse time)', '15:00');
    await typeInto('Transit (working days)', '4');
    await typeInto('Country', 'NO');
    // The preview checks the rule as a save would: the bad price is named next to its field.
    await page.locator('#rule-price-amount-error', { hasText: /.+/ }).waitFor();
    await typeInto('Fixed price', '12.50');
    await typeInto('Postcode', '0150');
    await page.locator('#preview-options li').first().waitFor();
    const shown = await page.locator('#preview-options li .price').allTextContents();
    expect(shown).toEqual(['12.50 GBP']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'delivery-rule-editor');
    await phoneScreenshot(page, 'delivery-rule-editor-mobile', DESKTOP);
    await tabTo(page, field('Name'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Delivery rules', level: 1 }).waitFor();
    await page.getByText('Rule “Norway economy” saved.').waitFor();

    const rule = (await api.get('/delivery-rules')).body.find((r: { name: string }) => r.name === 'Norway economy');
    expect(rule).toMatchObject({
      service_id: GLOBEX, delivery_type: 'standard', enabled: true, conditions: { countries: ['NO'], max_package_weight_kg: 30 },
      price: { amount: '12.50' }, schedule: { cutoff: '15:00', transit_days: 4, working_days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
    });
    const checkout = (await quotes.post({ ...NORWAY, packages: [{ weight: 1 }] })).body.delivery_options;
    expect(checkout.map((o: { price: { amount: string; currency: string } }) => `${o.price.amount} ${o.price.currency}`)).toEqual(shown);
  });

  it('disables, edits and deletes a rule', async () => {
    const row = page.locator('#rules tbody tr', { hasText: 'Norway economy' });
    await row.getByRole('button', { name: 'Disable Norway economy' }).click();
    await row.getByText('Disabled').waitFor();
    await eventually(async () => (await quotes.post(NORWAY)).body.delivery_options.length === 0, { what: 'the disabled rule no longer quotes' });
    await row.getByRole('link', { name: 'Norway economy' }).click();
    await page.getByRole('heading', { name: 'Edit rule Norway economy', level: 1 }).waitFor();
    expect(await field('Enabled (quotes and allocates)').isChecked()).toBe(false);
    await field('Price by consignment weight').fill('2=5.00\n10=9.00');
    await field('Fixed price').fill('');
    await field('Enabled (quotes and allocates)').check();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Rule “Norway economy” saved.').waitFor();
    const rule = (await api.get('/delivery-rules')).body.find((r: { name: string }) => r.name === 'Norway economy');
    expect(rule).toMatchObject({ enabled: true, price: { weight_bands: [{ up_to_kg: 2, amount: '5.00' }, { up_to_kg: 10, amount: '9.00' }] } });
    await page.locator('#rules tbody tr', { hasText: 'Norway economy' }).getByRole('button', { name: 'Delete Norway economy' }).click();
    await eventually(async () => (await page.locator('#rules tbody tr', { hasText: 'Norway economy' }).count()) === 0, { what: 'rule gone' });
    expect((await api.get(`/delivery-rules/${rule.id}`)).status).toBe(404);
  });
});
