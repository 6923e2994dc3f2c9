import type { Page } from 'playwright-core';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { availableModes, startStack, type Stack } from './support/stack';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';

const DESKTOP = { width: 1280, height: 900 };
const UPS = { clientId: 'console-ups-calls-client', clientSecret: 'console-ups-calls-secret-8PZQ', accountNumber: 'C4LL5X' };
const ups = (postcode: string) => domesticConsignment({
  order_number: `CALLS-${postcode.replace(/\s/g, '')}`, service_id: 'UPS|UPS Standard',
  recipient: { name: 'Ada Lovelace', contact_number: '07700 900123', address: { address1: '10 Downing Street', city: 'London', postcode, country: 'GB' } },
  packages: [{ description: 'Books', weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Book', quantity: 1, value: 10 }] }],
});

describe.each(availableModes())('console: a consignment\'s carrier calls in a browser (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack(mode);
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    const res = await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    expect(res.status).toBe(201);
    browser = await openSignedIn(stack, DESKTOP);
    page = browser.page;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("answers \"why was this refused?\" on the consignment's page: the carrier's code and message, whose failure, and the bodies", async () => {
    const refused = await createConsignment(api, ups('ZZ9 9ZZ'));
    expect(refused.current_status.status).toBe('Unallocated');
    await page.goto(`${stack.baseUrl}/console/#/consignments/${encodeURIComponent(refused.identifier)}`);
    await page.getByRole('heading', { name: `Consignment ${refused.order_number}`, level: 1 }).waitFor();
    const calls = page.getByRole('region', { name: 'Carrier calls' });
    const book = calls.getByRole('row', { name: /book/ }).filter({ hasText: 'refused' });
    await book.waitFor();
    for (const text of ['400', 'The carrier answered no', '120802', 'Address Validation Error on ShipTo address']) await book.getByText(text, { exact: false }).first().waitFor();
    await book.getByText('Show').click();
    const bodies = book.locator('pre.call-body');
    await bodies.nth(1).getByText('120802', { exact: false }).waitFor();
    const shown = (await calls.textContent()) ?? '';
    expect(shown).toContain('ShipmentRequest');
    for (const secret of [UPS.clientSecret, 'Bearer ', 'Basic ']) expect(shown).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consignment-carrier-calls');
  });

  it('lists a booked consignment\'s calls, token and booking, with the label elided', async () => {
    const booked = await createConsignment(api, ups('SW1A 2AA'));
    expect(booked.current_status.status).toBe('Allocated');
    await page.goto(`${stack.baseUrl}/console/#/consignments/${encodeURIComponent(booked.identifier)}`);
    await page.getByRole('heading', { name: `Consignment ${booked.order_number}`, level: 1 }).waitFor();
    const calls = page.getByRole('region', { name: 'Carrier calls' });
    const book = calls.getByRole('row', { name: /book/ }).filter({ hasText: 'success' });
    await book.waitFor();
    await book.getByText('Show').click();
    await book.locator('pre.call-body').nth(1).getByText(/<base64, \d+ kB>/).first().waitFor();
  });
});
