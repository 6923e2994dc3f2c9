import { client } from './support/client';
import { screenshot, seriousViolations } from './support/browser';
import { consoleSession, goTo } from './support/console-page';

/** The console's returns policy (docs/api/returns.md#the-returns-policy): the demo's policy shown, changed, a bad value refused next to its field. */
describe('console: returns policy (one-process)', () => {
  const session = consoleSession();

  it('shows the seeded policy, saves a change as the API then answers it, and shows a refused value next to its field', async () => {
    const { stack, page } = session;
    const api = client(stack);
    await goTo(page, 'Returns policy');
    expect(await page.locator('#rp-window-days').inputValue()).toBe('30');
    expect(await page.locator('#rp-countries').inputValue()).toBe('GB, IE');
    expect(await page.locator('#rp-service-id').inputValue()).toBe('Generic Carrier|Generic Returns GRTN');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'returns-policy');

    await page.locator('#rp-window-days').fill('14');
    await page.locator('#rp-service-id').selectOption('SwiftPost|SwiftPost Returns');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#rp-message', { hasText: 'Saved.' }).waitFor();
    expect((await api.get('/returns-policy')).body).toMatchObject({ window_days: 14, service_id: 'SwiftPost|SwiftPost Returns', countries: ['GB', 'IE'] });

    await page.locator('#rp-window-days').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#rp-window-days-error').waitFor({ state: 'visible' });
    expect(await page.locator('#rp-window-days-error').textContent()).toMatch(/\S/);
    expect((await api.get('/returns-policy')).body.window_days).toBe(14);
  });
});
