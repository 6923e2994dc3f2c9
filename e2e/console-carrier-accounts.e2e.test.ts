import type { Page } from 'playwright-core';
import { eventually } from '@waybill/testing';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, type Browser } from './support/browser';
import { goTo, phoneScreenshot, tabTo, typeInto } from './support/console-page';

const DESKTOP = { width: 1280, height: 800 };
/** A UPS developer-portal app the UPS double knows, and its shipper number. */
const UPS = { clientId: 'console-ups-client-4HQ8', clientSecret: 'console-ups-secret-7RWM', accountNumber: 'C0N5L3' };

describe.each(availableModes())('console: carrier accounts in a browser (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const row = () => page.locator('#carrier-accounts tbody tr', { hasText: 'UPS main' });

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack(mode);
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    browser = await openSignedIn(stack, DESKTOP);
    page = browser.page;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("asks exactly the chosen carrier's credential keys, and shows the API's message next to a missing one", async () => {
    await goTo(page, 'Carrier accounts');
    await page.getByText('No carrier accounts yet').waitFor();
    const declared = (await api.get('/carrier-accounts/credential-keys')).body as Array<{ carrier: string; keys: Array<{ name: string; secret: boolean }> }>;
    expect(declared.length).toBeGreaterThanOrEqual(3);
    for (const c of [...declared].reverse()) {
      await field('Carrier').selectOption(c.carrier);
      const inputs = page.locator('fieldset.credentials input');
      await eventually(async () => (await inputs.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).join() === c.keys.map((k) => k.name).join(), { what: `${c.carrier}'s keys` });
      expect(await inputs.evaluateAll((els) => els.map((e) => e.getAttribute('type')))).toEqual(c.keys.map((k) => (k.secret ? 'password' : 'text')));
    }
    await field('Account name').fill('UPS main');
    await field('Client ID').fill(UPS.clientId);
    await field('Client secret').fill(UPS.clientSecret);
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.locator('#account-credentials-account-number-error', { hasText: 'This field is required.' }).waitFor();
    expect(await field('Account number').getAttribute('aria-describedby')).toContain('account-credentials-account-number-error');
    expect((await api.get('/carrier-accounts')).body).toEqual([]);
  });

  it('adds a UPS account with the keyboard alone, shows the webhook credentials once, and keeps no credential in full', async () => {
    await page.locator('body').focus();
    await typeInto(page, field('Account name'), 'UPS main');
    await typeInto(page, field('Client ID'), UPS.clientId);
    await typeInto(page, field('Client secret'), UPS.clientSecret);
    await typeInto(page, field('Account number'), UPS.accountNumber);
    await page.keyboard.press('Enter');
    await row().waitFor();
    const [account] = (await api.get('/carrier-accounts')).body;
    expect(account).toMatchObject({ carrier: 'ups', name: 'UPS main', test_mode: true, enabled: true, credentials: { client_secret: '****7RWM' } });
    // The webhook client secret, in full this once, ending as the API masks it afterwards.
    const once = page.getByRole('region', { name: 'Webhook credentials' });
    const secret = (await once.locator('dd code').nth(1).textContent())!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(account.webhook_credentials.client_secret).toBe(`****${secret.slice(-4)}`);
    expect(await row().textContent()).toContain('****7RWM');
    expect(await row().getByText('Test', { exact: true }).count()).toBe(1);
    // What was typed has left the form; nothing of it is in the page or the browser's storage.
    for (const label of ['Client ID', 'Client secret', 'Account number']) expect(await field(label).inputValue()).toBe('');
    expect(await page.evaluate('document.body.innerText')).not.toContain(UPS.clientSecret);
    const stored = await page.evaluate('JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])') as string;
    for (const value of [UPS.clientSecret, UPS.clientId, secret]) expect(stored).not.toContain(value);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'carrier-accounts');
    await phoneScreenshot(page, 'carrier-accounts-mobile', DESKTOP);
    await page.getByRole('button', { name: 'I have copied them' }).click();
    expect(await once.count()).toBe(0);
  });

  it("runs check with the keyboard and shows the carrier's answer, good and bad", async () => {
    await tabTo(page, page.getByRole('button', { name: 'Check UPS main' }));
    await page.keyboard.press('Enter');
    await page.getByText('UPS accepted the credentials.').waitFor();
    await row().locator('.badge', { hasText: /^OK$/ }).waitFor();
    const id = (await api.get('/carrier-accounts')).body[0].identifier;
    await api.patch(`/carrier-accounts/${id}`, { credentials: { client_secret: 'no-longer-valid-0000' } });
    await page.reload();
    await page.getByRole('heading', { name: 'Carrier accounts', level: 1 }).waitFor();
    await row().getByText('Never checked').waitFor();
    await row().getByRole('button', { name: 'Check UPS main' }).click();
    await eventually(async () => (await api.get(`/carrier-accounts/${id}`)).body.last_check?.ok === false, { what: 'the failed check kept' });
    const detail = (await api.get(`/carrier-accounts/${id}`)).body.last_check.detail;
    expect(detail).toMatch(/^UPS \d+: /);
    await page.getByText(`UPS refused: ${detail}`).waitFor();
    await row().locator('.badge', { hasText: /^Failed$/ }).waitFor();
    expect(await row().textContent()).toContain('****0000');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('disables, enables and removes the account', async () => {
    await row().getByRole('button', { name: 'Disable UPS main' }).click();
    await row().locator('.badge', { hasText: /^Disabled$/ }).waitFor();
    expect((await api.get('/carrier-accounts')).body[0].enabled).toBe(false);
    await row().getByRole('button', { name: 'Enable UPS main' }).click();
    await row().locator('.badge', { hasText: /^Enabled$/ }).waitFor();
    expect((await api.get('/carrier-accounts')).body[0].enabled).toBe(true);
    await row().getByRole('button', { name: 'Remove UPS main' }).click();
    await page.getByText('No carrier accounts yet').waitFor();
    expect((await api.get('/carrier-accounts')).body).toEqual([]);
  });
});
