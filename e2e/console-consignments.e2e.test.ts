import type { Page } from 'playwright-core';
import { startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { downloadBytes, ensureConsoleBuilt, openBrowser, screenshot, seriousViolations, type Browser } from './support/browser';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const LONDON = 'demo-co|London DC';

describe('console: consignments and manifests in a browser (one-process)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  let ids: string[];
  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await startStack('one-process');
    api = client(stack);
    // 25 consignments: more than one page of 20, so the list must paginate.
    const res = await api.post('/consignments', Array.from({ length: 25 }, (_, i) => domesticConsignment({ order_number: `CON-${String(i).padStart(2, '0')}`, service_id: GDOM })));
    expect(res.body.errors).toEqual({});
    ids = res.body.success;
    browser = await openBrowser();
    page = browser.page;
    await page.goto(`${stack.baseUrl}/console/`);
    await page.getByLabel('Username').fill(stack.creds.user);
    await page.getByLabel('Password').fill(stack.creds.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const orderNumbers = (p: Page) => p.locator('#consignments tbody tr td:first-child a').allTextContents();

  it('lists consignments a page at a time and searches by order number, status and identifier', async () => {
    await page.getByRole('link', { name: 'Consignments' }).click();
    await page.locator('#consignments-count', { hasText: '25 matching' }).waitFor();
    expect(await orderNumbers(page)).toEqual(Array.from({ length: 20 }, (_, i) => `CON-${String(i).padStart(2, '0')}`));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consignments');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('#consignments-count', { hasText: '5 matching' }).waitFor();
    expect(await orderNumbers(page)).toEqual(['CON-20', 'CON-21', 'CON-22', 'CON-23', 'CON-24']);
    await expect(page.getByRole('button', { name: 'Next page' }).count()).resolves.toBe(0);

    await page.getByLabel('Order number').fill('CON-07');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#consignments-count', { hasText: '1 matching' }).waitFor();
    expect(await orderNumbers(page)).toEqual(['CON-07']);
    await page.getByLabel('Order number').fill('');
    await page.getByLabel('Identifier').fill(ids[3]);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#consignments-count', { hasText: '1 matching' }).waitFor();
    expect(await orderNumbers(page)).toEqual(['CON-03']);
    await page.getByLabel('Identifier').fill('');
    await page.getByLabel('Status').selectOption('Cancelled');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No consignments match.').waitFor();
    await page.getByLabel('Status').selectOption('');
  });

  it('shows a consignment with recipient, packages and history, previews and downloads its labels', async () => {
    await page.goto(`${stack.baseUrl}/console/#/consignments/${ids[0]}`);
    await page.getByRole('heading', { name: 'Consignment CON-00' }).waitFor();
    await expect(page.locator('#current-status').textContent()).resolves.toBe('Allocated');
    await page.locator('address', { hasText: 'Ada Lovelace' }).waitFor();
    const c = (await api.get(`/consignment/${ids[0]}`)).body;
    await page.getByText(c.packages[0].tracking_number).waitFor();
    await page.locator('#history li', { hasText: 'Allocated' }).waitFor();

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#label-preview iframe[src^="blob:"]').waitFor();
    const pdf = await downloadBytes(page, () => page.getByRole('button', { name: 'Download' }).click());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByLabel('Format').selectOption('image/x-png-list');
    await page.getByRole('button', { name: 'Preview' }).click();
    const img = page.locator('#label-preview img').first();
    await img.waitFor();
    expect(await img.evaluate((el: any) => el.decode().then(() => [el.naturalWidth, el.naturalHeight]))).toEqual([812, 1218]);
    await page.getByLabel('Format').selectOption('application/x-zebra-zpl');
    const zpl = await downloadBytes(page, () => page.getByRole('button', { name: 'Download' }).click());
    expect(zpl.toString()).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    expect((await api.get(`/consignment/${ids[0]}`)).body.current_status.status).toBe('Printed');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consignment');
  });

  it('cancels a consignment after confirmation', async () => {
    await page.goto(`${stack.baseUrl}/console/#/consignments/${ids[24]}`);
    await page.getByRole('button', { name: 'Cancel consignment' }).click();
    await page.locator('#current-status', { hasText: 'Cancelled' }).waitFor();
    expect((await api.get(`/consignment/${ids[24]}`)).body.current_status.status).toBe('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel consignment' }).isDisabled()).resolves.toBe(true);
  });

  it('creates a manifest from selected consignments, shows it generating, then downloads its PDF', async () => {
    await page.getByRole('link', { name: 'Manifests' }).click();
    await page.getByRole('heading', { name: 'Manifests', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create manifest' }).click();
    await page.getByText('Select at least one consignment.').waitFor();
    await page.getByLabel('Select CON-01').first().check();
    await page.getByLabel('Select CON-02').first().check();
    await page.getByLabel('Carrier').selectOption('generic');
    await page.getByLabel('Warehouse').selectOption(LONDON);
    await page.getByRole('button', { name: 'Create manifest' }).click();
    const item = page.locator('#manifests li').first();
    await item.getByText('Ready').waitFor({ timeout: 30_000 });
    const manifestId = await item.getAttribute('data-manifest');
    expect((await api.get(`/manifest/${manifestId}/documents`)).status).toBe(200);
    for (const id of [ids[1], ids[2]]) expect((await api.get(`/consignment/${id}`)).body.current_status.status).toBe('Manifested');
    const pdf = await downloadBytes(page, () => item.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'manifests');
  });
});
