import { eventually } from '@waybill/testing';
import { addCarrierAccounts, settleDoubles } from './support/carrier-accounts';
import { client } from './support/client';
import { deliveryOptions } from './support/delivery';
import { availableModes, startStack, type Mode, type Stack } from './support/stack';

/**
 * Live carrier rates at checkout and in POST /rates, in both run modes, against the UPS and DHL Express
 * doubles: a company with accounts sees the carriers' prices (`source: carrier`, a rule's markup added),
 * identical quotes do not ask again, and with UPS hanging the quote still answers within
 * RATES_TIMEOUT_MS, UPS's option then priced by its rule.
 */
const UPS = { clientId: 'e2e-ups-rates-client', clientSecret: 'e2e-ups-rates-secret-R4T3', accountNumber: 'E2ER4T' };
const RM = { apiKey: 'e2e-rm-rates-key-0001', oba: true };
const DHL = { apiKey: 'e2e-dhl-rates-key', apiSecret: 'e2e-dhl-rates-secret', accountNumber: '777888999' };
const BUDGET_MS = 800;
const UPS_STANDARD = 'UPS|UPS Standard';
const DHL_WORLDWIDE = 'DHL Express|DHL Express Worldwide';
const berlin = (weight: number) => ({ recipient: { address: { country: 'DE', postcode: '10117', city: 'Berlin' } }, packages: [{ weight, length: 30, width: 20, height: 10 }] });
const rule = (service_id: string, price: Record<string, unknown>) => ({
  name: `${service_id} to Germany`, service_id, delivery_type: 'standard', conditions: { countries: ['de'] }, price, schedule: { cutoff: '23:59', transit_days: 2 },
});

describe.each(availableModes())('live carrier rates (%s)', (mode: Mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let quotes: ReturnType<typeof deliveryOptions>;
  const priceOf = async (weight: number) => {
    const started = Date.now();
    const res = await quotes.post(berlin(weight));
    expect(res.status).toBe(200);
    const prices = Object.fromEntries((res.body.delivery_options as Array<{ service_id: string; price: unknown }>).map((o) => [o.service_id, o.price]));
    return { prices, ms: Date.now() - started };
  };

  beforeAll(async () => {
    stack = await startStack(mode, { RATES_TIMEOUT_MS: String(BUDGET_MS) });
    stack.carriers.ups.addClient(UPS);
    stack.carriers.dhlExpress.addAccount(DHL);
    stack.carriers.royalmail.addAccount(RM);
    api = client(stack);
    quotes = deliveryOptions(stack);
    await addCarrierAccounts(api, {
      ups: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber },
      royalmail: { api_key: RM.apiKey },
      dhl_express: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber },
    });
    expect((await api.post('/delivery-rules', rule(UPS_STANDARD, { amount: '9.99' }))).status).toBe(201);
    expect((await api.post('/delivery-rules', rule(DHL_WORLDWIDE, { amount: '30.00', markup: { percent: 10 } }))).status).toBe(201);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(() => {
    expect(settleDoubles(stack.carriers)).toEqual([]);
  });

  it("shows the carriers' live prices at checkout, the rule's markup added, and asks again only for another parcel", async () => {
    // The double's tariffs: UPS Standard 6.20 + 0.90/kg at 85% negotiated; DHL Express Worldwide 28.00 + 4.20/kg, plus the rule's 10%.
    const first = await eventually(async () => {
      const q = await priceOf(2);
      return q.prices[UPS_STANDARD] && (q.prices[UPS_STANDARD] as { source: string }).source === 'carrier' && q.prices[DHL_WORLDWIDE] ? q : undefined;
    }, { timeoutMs: 20_000, what: 'the accounts\' services priced by their carriers' });
    expect(first.prices[UPS_STANDARD]).toEqual({ amount: '6.80', currency: 'GBP', source: 'carrier' });
    expect(first.prices[DHL_WORLDWIDE]).toEqual({ amount: '40.04', currency: 'GBP', source: 'carrier' });
    const asked = [stack.carriers.ups.count('rate'), stack.carriers.dhlExpress.count('rate')];
    expect((await priceOf(2)).prices).toEqual(first.prices);
    expect([stack.carriers.ups.count('rate'), stack.carriers.dhlExpress.count('rate')]).toEqual(asked);
    expect((await priceOf(4)).prices[UPS_STANDARD]).toEqual({ amount: '8.33', currency: 'GBP', source: 'carrier' });
    expect(stack.carriers.ups.count('rate')).toBe(asked[0] + 1);
  });

  it('answers within the budget with UPS hanging: UPS priced by its rule, DHL still by DHL', async () => {
    stack.carriers.ups.inject({ operation: 'rate', kind: 'slow', delayMs: 10_000, times: 5 });
    const q = await priceOf(7);
    expect(q.prices[UPS_STANDARD]).toEqual({ amount: '9.99', currency: 'GBP', source: 'rule' });
    expect(q.prices[DHL_WORLDWIDE]).toMatchObject({ source: 'carrier' });
    // The budget plus the request's own way through gateway and services on a shared machine.
    expect(q.ms).toBeLessThan(BUDGET_MS + 700);
  });

  it("POST /rates compares by the carriers' prices", async () => {
    const res = await api.post('/rates', { destination: { country: 'DE', postcode: '10117' }, packages: [{ weight: 2, length: 30, width: 20, height: 10 }] });
    expect(res.status).toBe(200);
    const byService = Object.fromEntries((res.body.rates as Array<{ service_id: string; price: unknown }>).map((r) => [r.service_id, r.price]));
    expect(byService[UPS_STANDARD]).toEqual({ amount: '6.80', currency: 'GBP', source: 'carrier' });
    expect(byService[DHL_WORLDWIDE]).toEqual({ amount: '40.04', currency: 'GBP', source: 'carrier' });
    const amounts = (res.body.rates as Array<{ price: { amount: string } }>).map((r) => Number(r.price.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });
});
