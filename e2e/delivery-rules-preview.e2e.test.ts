import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { GB_RECIPIENT, NORWAY, deliveryOptions, norwayRule, plainWednesday } from './support/delivery';

describe.each(availableModes())('delivery rules preview (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  let quotes: ReturnType<typeof deliveryOptions>;
  const GB = { recipient: GB_RECIPIENT, packages: [{ weight: 2, length: 30, width: 20, height: 10 }], order_value: '45.00', shipping_date: plainWednesday() };
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
    quotes = deliveryOptions(stack);
  });
  afterAll(async () => stack?.stop());

  it('quotes the saved rules exactly as delivery options does, for every basket', async () => {
    const saved = (await api.get('/delivery-rules')).body;
    for (const basket of [GB, NORWAY, { ...GB, recipient: { address: { country: 'FR', postcode: '75001' } } }, { ...GB, packages: [{ weight: 45 }] }]) {
      const preview = await api.post('/delivery-rules/preview', { rules: saved, basket });
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual((await quotes.post(basket)).body);
    }
    expect((await api.post('/delivery-rules/preview', { rules: saved, basket: GB })).body.delivery_options.length).toBeGreaterThan(0);
  });

  it('quotes a proposed rule set and settings, and saves nothing', async () => {
    const saved = (await api.get('/delivery-rules')).body;
    const preview = await api.post('/delivery-rules/preview', { rules: [...saved, norwayRule('12.50')], settings: { currency: 'nok' }, basket: NORWAY });
    expect(preview.body.delivery_options.map((o: { price: unknown }) => o.price)).toEqual([{ amount: '12.50', currency: 'NOK', source: 'rule' }]);
    expect((await api.post('/delivery-rules/preview', { rules: [], basket: GB })).body).toEqual({ delivery_options: [] });
    expect((await api.get('/delivery-rules')).body).toEqual(saved);
    expect((await api.get('/delivery-settings')).body.currency).toBe('GBP');
    expect((await quotes.post(NORWAY)).body).toEqual({ delivery_options: [] });
  });

  it('answers 400 naming every bad field under its path in the body', async () => {
    const bad = await api.post('/delivery-rules/preview', {
      rules: [norwayRule('1'), { ...norwayRule('1'), service_id: 'Nope|Nothing' }, norwayRule('x')],
      basket: { recipient: { address: { country: 'Atlantis' } } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['rules.1.service_id', 'rules.2.price.amount', 'basket.recipient.address.country']));
    expect(bad.body.errors['rules.0.service_id']).toBeUndefined();
    expect((await api.post('/delivery-rules/preview', { basket: GB })).body.detail).toMatch(/rules/);
    expect((await api.call('GET', '/delivery-rules/preview')).status).toBe(405);
    // The checkout's key is not the console's credential.
    expect((await api.post('/delivery-rules/preview', { rules: [], basket: GB }, { auth: { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } })).status).toBe(401);
  });
});
