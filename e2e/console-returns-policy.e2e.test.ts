import { client } from './support/client';
import { screenshot, seriousViolations } from './support/browser';
import { goTo } from './support/console-page';
import { signedInConsole } from './support/console-suite';

/** The console's returns policy (docs/api/returns.md#the-returns-policy): the demo's policy shown, changed, a bad value refused next to its field. */
describe('console: returns policy (one-process)', () => {
  const session = signedInConsole();

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

  it('links an outbound and its return both ways on their consignment pages, with the return\'s reason and items', async () => {
    const { stack, page } = session;
    const api = client(stack);
    const made = await api.post('/consignments', [{
      order_number: `CRP-${Date.now()}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM',
      recipient: { name: 'Ada Lovelace', address: { address1: '12 Byron Street', city: 'Manchester', postcode: 'M1 1AA', country: 'GB' } },
      packages: [{ weight: 1, items: [{ name: 'Linen shirt', sku: 'SHIRT-M', quantity: 2, value: 30 }] }],
    }]);
    const outbound = made.body.success[0];
    const ret = (await api.post(`/consignment/${outbound}/returns`, { service_id: 'Generic Carrier|Generic Returns GRTN', reason: 'too_small', items: [{ sku: 'SHIRT-M', quantity: 1 }] })).body;
    await page.goto(`${stack.baseUrl}/console/#/consignments/${outbound}`);
    await page.locator('#returns a', { hasText: ret.identifier }).click();
    await page.locator('#return-for', { hasText: 'reason: too_small' }).waitFor();
    expect(await page.locator('#return-items').textContent()).toBe('1 × Linen shirt (too_small)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#return-for a').click();
    await page.locator('#returns').waitFor();
  });
});
