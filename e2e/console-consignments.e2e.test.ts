import { eventually, readPdf } from '@waybill/testing';
import type { Page } from 'playwright-core';
import { sendPush, trackingBody } from '@waybill/testing';
import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { pdfPages, pngSize, zipEntries } from './support/documents';
import { downloadBytes, ensureConsoleBuilt, openSignedIn, screenshot, seriousViolations, signIn, type Browser } from './support/browser';
import { badgeHistory, downloadsOf, goTo, recordManifestBadges, untilRows } from './support/console-page';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const SWIFT = 'SwiftPost|SwiftPost 24';
/** More than one console page (20 rows) of consignments, created oldest first in this order. */
const LISTED = Array.from({ length: 22 }, (_, i) => `LIST-${String(i + 1).padStart(2, '0')}`);
const OPEN = ['OPEN-1', 'OPEN-2'];
const MANIFEST = ['MAN-1', 'MAN-2', 'MAN-3'];

describe.each(availableModes())('console: consignments and manifests in a browser (%s)', (mode) => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof client>;
  /** Order number → identifier of everything created for this file. */
  const ids: Record<string, string> = {};
  const all: string[] = [];

  async function create(order_number: string, overrides: Record<string, unknown> = {}): Promise<void> {
    const res = await api.post('/consignments', [domesticConsignment({ order_number, service_id: GDOM, ...overrides })]);
    expect(res.body.errors).toEqual({});
    ids[order_number] = res.body.success[0];
    all.push(order_number);
  }
  const consignment = async (order: string) => (await api.get(`/consignment/${ids[order]}`)).body;
  const statusOf = async (order: string) => (await consignment(order)).current_status.status as string;
  const untilStatus = (order: string, status: string) => eventually(async () => (await statusOf(order)) === status, { timeoutMs: 20_000, what: `${order} ${status}` });
  const table = () => page.locator('#consignments');
  const search = async (filters: { status?: string; order?: string; identifier?: string }) => {
    await page.getByLabel('Status', { exact: true }).selectOption(filters.status ?? '');
    await page.getByLabel('Order number', { exact: true }).fill(filters.order ?? '');
    await page.getByLabel('Identifier', { exact: true }).fill(filters.identifier ?? '');
    await page.getByRole('button', { name: 'Search' }).click();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    stack = await sharedStack(mode);
    api = client(stack);
    for (const order of LISTED) await create(order);
    for (const order of OPEN) await create(order, { service_id: undefined });
    await create('DETAIL-1', { packages: [{ weight: 1.2, description: 'Books' }, { weight: 0.8, description: 'Maps' }] });
    await create('CANCEL-1');
    for (const order of MANIFEST) await create(order);
    await create('SWIFT-1', { service_id: SWIFT });
    browser = await openSignedIn(stack);
    page = browser.page;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lists consignments a page at a time and finds them by status, order number and identifier', async () => {
    await goTo(page, 'Consignments');
    await untilRows(table(), all.slice(0, 20));
    await page.locator('#consignments-count', { hasText: `${all.length} matching from this page on.` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consignments');

    await page.getByRole('button', { name: 'Next page' }).click();
    await untilRows(table(), all.slice(20));
    await page.locator('#consignments-count', { hasText: `${all.length - 20} matching from this page on.` }).waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    await page.getByRole('button', { name: 'First page' }).click();
    await untilRows(table(), all.slice(0, 20));

    await search({ status: 'Unallocated' });
    await untilRows(table(), OPEN);
    await search({ order: 'LIST-07' });
    await untilRows(table(), ['LIST-07']);
    await search({ identifier: ids['LIST-21'] });
    await untilRows(table(), ['LIST-21']);
    await search({ order: 'NO-SUCH-ORDER' });
    await page.getByText('No consignments match.').waitFor();
    await search({ status: 'Allocated', order: 'OPEN-1' });
    await page.getByText('No consignments match.').waitFor();
  });

  it('shows a consignment with its recipient and packages, and previews and downloads its labels in each format', async () => {
    const c = await consignment('DETAIL-1');
    const numbers = c.packages.map((p: { tracking_number: string }) => p.tracking_number) as string[];
    await search({ order: 'DETAIL-1' });
    await untilRows(table(), ['DETAIL-1']);
    await table().getByRole('link', { name: 'DETAIL-1' }).click();
    await page.getByRole('heading', { name: 'Consignment DETAIL-1', level: 1 }).waitFor();
    await expect(page.locator('#current-status').textContent()).resolves.toBe('Allocated');
    const recipient = page.getByRole('region', { name: 'Recipient' });
    for (const line of ['Ada Lovelace', '10 Downing Street', 'London', 'SW1A 2AA', 'ada@example.com']) await recipient.getByText(line).waitFor();
    const packages = page.getByRole('region', { name: 'Packages' });
    expect(await packages.getByRole('row').count()).toBe(3);
    for (const n of numbers) await packages.getByRole('cell', { name: n, exact: true }).waitFor();
    await page.getByRole('link', { name: c.tracking_url }).waitFor();

    const format = page.getByLabel('Format', { exact: true });
    const preview = () => page.getByRole('button', { name: 'Preview' }).click();
    const download = () => page.getByRole('button', { name: 'Download' }).click();

    await format.selectOption({ label: 'PDF' });
    await preview();
    await page.getByTitle('Label preview (PDF)').waitFor();
    const pdf = await downloadBytes(page, download);
    const pages = await pdfPages(pdf.toString('base64'));
    expect(pages.map((p) => [p.width, p.height])).toEqual([[288, 432], [288, 432]]);
    numbers.forEach((n, i) => expect(pages[i].text).toContain(n));

    await format.selectOption({ label: 'PNG' });
    await preview();
    for (const name of ['Label 1', 'Label 2']) {
      const img = page.getByRole('img', { name });
      await img.waitFor();
      await eventually(async () => (await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)) === 812, { what: `${name} decoded` });
    }
    const pngs = await downloadsOf(page, 2, download);
    expect(pngs.map(pngSize)).toEqual([[812, 1218], [812, 1218]]);

    await format.selectOption({ label: 'PNG (ZIP)' });
    const zip = await downloadBytes(page, download);
    const entries = Object.values(zipEntries(zip.toString('base64')));
    expect(entries.map((e) => pngSize(Buffer.from(e)))).toEqual([[812, 1218], [812, 1218]]);

    await format.selectOption({ label: 'ZPL' });
    await preview();
    await page.locator('#label-preview pre', { hasText: '^XA' }).waitFor();
    const zpl = (await downloadBytes(page, download)).toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain(numbers[1]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the status history and the tracking events a carrier pushed', async () => {
    await untilStatus('DETAIL-1', 'Printed');
    const [first] = (await consignment('DETAIL-1')).packages.map((p: { tracking_number: string }) => p.tracking_number);
    const push = (events: Parameters<typeof trackingBody>[0]) => sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody(events));
    // tracking-ingest learns new tracking numbers from events: wait until it knows this one.
    await eventually(async () => (await push({ [first]: [] })).body.unknown?.length === 0, { timeoutMs: 20_000, what: 'tracking number known' });
    const pushed = await push({ [first]: [{ status: 'IN_TRANSIT', carrier_code: 'HUB', description: 'Arrived at the sorting hub', location: 'Leeds', timestamp: '2026-11-22T09:00:00Z' }] });
    expect(pushed.body).toEqual({ accepted: 1, duplicates: 0, unknown: [] });
    await untilStatus('DETAIL-1', 'Despatched');

    await page.reload();
    await page.getByRole('heading', { name: 'Consignment DETAIL-1', level: 1 }).waitFor();
    await expect(page.locator('#current-status').textContent()).resolves.toBe('Despatched');
    const history = page.locator('#history li strong');
    await eventually(async () => (await history.allTextContents()).join() === 'Allocated,Printed,Despatched', { what: 'history rendered' });
    const event = page.getByRole('region', { name: 'Tracking events' }).getByRole('row', { name: /Arrived at the sorting hub/ });
    for (const cell of [first, 'In transit', 'Leeds']) await event.getByRole('cell', { name: cell, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel consignment' }).isDisabled()).toBe(true);
    await page.getByText('A despatched consignment can no longer be cancelled.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consignment-detail');
  });

  it('cancels a consignment only after confirmation', async () => {
    await page.getByRole('link', { name: '← All consignments' }).click();
    await search({ order: 'CANCEL-1' });
    await untilRows(table(), ['CANCEL-1']);
    await table().getByRole('link', { name: 'CANCEL-1' }).click();
    await page.getByRole('heading', { name: 'Consignment CANCEL-1', level: 1 }).waitFor();
    const cancel = page.getByRole('button', { name: 'Cancel consignment' });
    const [dialog] = await Promise.all([page.waitForEvent('dialog'), cancel.click()]);
    expect([dialog.type(), dialog.message()]).toEqual(['confirm', 'Cancel consignment CANCEL-1? The carrier booking is released.']);
    await page.locator('#current-status', { hasText: 'Cancelled' }).waitFor();
    expect(await cancel.isDisabled()).toBe(true);
    await page.getByText('This consignment is cancelled.').waitFor();
    expect(await statusOf('CANCEL-1')).toBe('Cancelled');
    await eventually(async () => (await page.locator('#history li strong').allTextContents()).join() === 'Allocated,Cancelled', { what: 'history rendered' });
  });

  it('creates a manifest from selected consignments, shows it generating then ready, and downloads its PDF', async () => {
    await goTo(page, 'Manifests');
    const allocated = page.locator('#allocated');
    await eventually(async () => (await allocated.locator('tbody tr').count()) === LISTED.length + MANIFEST.length + 1, { timeoutMs: 15_000, what: 'allocated rows' });
    const create = page.getByRole('button', { name: 'Create manifest' });
    const otherCarrier = (order: string) => allocated.getByLabel(`${order} is for another carrier or warehouse`);

    // Only the chosen carrier's (and warehouse's) consignments can be selected; changing either clears the selection.
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'SwiftPost' });
    await page.getByLabel('Warehouse', { exact: true }).selectOption({ label: 'London DC' });
    await otherCarrier('MAN-1').waitFor();
    expect(await otherCarrier('MAN-1').isDisabled()).toBe(true);
    await page.getByLabel('Select SWIFT-1').check();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Generic Carrier' });
    await page.locator('#manifest-status', { hasText: 'Selection cleared: the carrier or warehouse changed.' }).waitFor();
    await otherCarrier('SWIFT-1').waitFor();

    await create.click();
    await page.locator('#manifest-status', { hasText: 'Select at least one consignment.' }).waitFor();

    // A consignment that changes behind the page's back: the API refuses the manifest and names it.
    await page.getByLabel('Select MAN-1').check();
    await page.getByLabel('Select LIST-01').check();
    expect((await api.del(`/consignment/${ids['LIST-01']}`)).status).toBe(200);
    await create.click();
    await page.locator('#manifest-status.error', { hasText: ids['LIST-01'] }).waitFor();
    expect(await statusOf('MAN-1')).toBe('Allocated');
    await page.getByLabel('Select LIST-01').uncheck();

    await recordManifestBadges(page);
    for (const order of MANIFEST.slice(1)) await page.getByLabel(`Select ${order}`).check();
    await create.click();
    const created = await page.locator('#manifest-status', { hasText: /^Manifest [0-9a-f]{32} created\.$/ }).textContent();
    const manifest = created!.split(' ')[1];
    const item = page.locator(`#manifests [data-manifest="${manifest}"]`);
    await item.getByText('Ready').waitFor({ timeout: 30_000 });
    const shown = await badgeHistory(page, manifest);
    expect([shown[0], shown[shown.length - 1]]).toEqual(['Generating…', 'Ready']);
    for (const order of MANIFEST) expect(await statusOf(order)).toBe('Manifested');
    await eventually(async () => (await allocated.getByLabel('Select MAN-1').count()) === 0, { what: 'manifested rows leave the list' });

    const pdf = await readPdf(await downloadBytes(page, () => item.getByRole('button', { name: 'Download PDF' }).click()));
    const text = pdf.pages.map((p) => p.text).join(' ');
    for (const t of [manifest, 'Generic Carrier (generic)', 'Consignments: 3', ...MANIFEST.map((o) => ids[o])]) expect(text).toContain(t);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'manifests');
  });
});
