import { client } from './support/client';
import { screenshot, seriousViolations } from './support/browser';
import { signedInConsole } from './support/console-suite';
import { goTo } from './support/console-page';

const SP48 = 'SwiftPost|SwiftPost 48';
const CSV = 'zone,countries,postcode_prefixes,max_weight_kg,price\nUK,GB,,2,2.10\nIslands,GB,HS ZE,2,6.00\nUK,,,10,3.40\n';

/** The console's rate sheets: a warehouse lead loads the carrier's tariff from a spreadsheet export. */
describe('console: rate sheets (one-process)', () => {
  const suite = signedInConsole();

  it('imports a CSV as a service\'s sheet, says which line is wrong, lists and deletes sheets', async () => {
    const { stack, page } = suite;
    const api = client(stack);
    await goTo(page, 'Rate sheets');
    await page.getByText('No rate sheets yet').waitFor();
    await page.locator('#rs-service').selectOption(SP48);
    await page.locator('#rs-file').setInputFiles({ name: 'swiftpost-48.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.locator('#rs-divisor').fill('5000');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('#rs-message', { hasText: 'Created swiftpost-48: 2 zones, 2 bands.' }).waitFor();
    await screenshot(page, 'rate-sheets');
    const [sheet] = (await api.get('/rate-sheets')).body;
    expect(sheet).toMatchObject({ identifier: 'swiftpost-48', service_id: SP48, currency: 'GBP', volumetric_divisor: 5000, bands: [{ max_weight_kg: 2, prices: { UK: '2.10', Islands: '6.00' } }, { max_weight_kg: 10, prices: { UK: '3.40' } }] });
    await page.getByRole('table', { name: 'Rate sheets' }).getByText('swiftpost-48').waitFor();

    await page.locator('#rs-file').setInputFiles({ name: 'swiftpost-48.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV}UK,,,20,"3,95"\n`) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('#rs-message', { hasText: 'csv.line 5: price "3,95" is not a decimal amount such as 4.95.' }).waitFor();

    await page.getByRole('button', { name: 'Delete swiftpost-48' }).click();
    await page.getByText('No rate sheets yet').waitFor();
    expect((await api.get('/rate-sheets')).body).toEqual([]);
  });
});
