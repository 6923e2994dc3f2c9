import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { screenshot, seriousViolations } from './support/browser';
import { goTo } from './support/console-page';
import { signedInConsole } from './support/console-suite';

/** The console's retention setting and a recipient's erasure on request (docs/api/retention.md). */
describe('console: data retention and erasure (one-process)', () => {
  const suite = signedInConsole();

  it('sets how long personal data is kept, and says why a value is refused', async () => {
    const { stack, page } = suite;
    const api = client(stack);
    await goTo(page, 'Data retention');
    const days = page.getByLabel('Days kept after delivery or cancellation (30 to 3650)');
    await expect(days.inputValue()).resolves.toBe('365');
    await days.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#retention-message', { hasText: /^personal_data_days: Ensure this value is greater than or equal to 30\./ }).waitFor();
    expect((await api.get('/retention')).body).toEqual({ personal_data_days: 365 });
    await days.fill('730');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'retention');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#retention-message', { hasText: 'Saved. Personal data is kept 730 days.' }).waitFor();
    expect((await api.get('/retention')).body).toEqual({ personal_data_days: 730 });
  });

  it('erases a recipient\'s personal data from a consignment only after confirmation, for good', async () => {
    const { stack, page } = suite;
    const api = client(stack);
    const created = await api.post('/consignments', [domesticConsignment({
      order_number: `ERASE-${Date.now()}`,
      recipient: { name: 'Grace Hopper', email_address: 'grace@example.org', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
    })]);
    expect(created.body.errors).toEqual({});
    const id = created.body.success[0] as string;
    const order = (await api.get(`/consignment/${id}`)).body.order_number as string;
    await page.goto(`${stack.baseUrl}/console/#/consignments/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { name: `Consignment ${order}`, level: 1 }).waitFor();
    await page.getByText('Grace Hopper').waitFor();
    const erase = page.getByRole('button', { name: 'Erase personal data' });
    const [dialog] = await Promise.all([page.waitForEvent('dialog'), erase.click()]);
    expect(dialog.message()).toMatch(/^Erase the recipient's personal data from consignment .*This cannot be undone\.$/);
    await page.locator('#erased', { hasText: 'The recipient\u2019s personal data was erased.' }).waitFor();
    expect(await page.getByText('Grace Hopper').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await api.get(`/consignment/${id}`)).body).toMatchObject({ erased: true, recipient: { name: '(erased)', email_address: null } });
  });
});
