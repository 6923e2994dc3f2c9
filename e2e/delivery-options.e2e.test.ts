import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { addDays, deliveryOptions, GB_RECIPIENT, plainWednesday } from './support/delivery';

const KEYS = ['service_id', 'carrier', 'carrier_id', 'service_name', 'delivery_type', 'shipping_date', 'estimated_delivery_date', 'delivery_window', 'cutoff', 'price'].sort();

/** Sorted as docs/api/delivery-options.md says: by estimated delivery date (undated: price alone), then price. */
function expectOrdered(list: Array<Record<string, any>>): void {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1], list[i]];
    const dates = String(a.estimated_delivery_date ?? '').localeCompare(String(b.estimated_delivery_date ?? ''));
    expect(dates < 0 || (dates === 0 && Number(a.price.amount) <= Number(b.price.amount))).toBe(true);
  }
}

describe.each(availableModes())('delivery options (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof deliveryOptions>;
  const wednesday = plainWednesday();
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = deliveryOptions(stack);
  });
  afterAll(async () => stack?.stop());

  it('answers every option the demo rules give for a GB parcel, soonest first, each element as docs/api/delivery-options.md', async () => {
    const res = await api.post({ recipient: GB_RECIPIENT, shipping_date: wednesday, packages: [{ weight: 1, length: 30, width: 20, height: 10 }] });
    expect(res.status).toBe(200);
    const list = res.body.delivery_options as Array<Record<string, any>>;
    for (const o of list) expect(Object.keys(o).sort()).toEqual(KEYS);
    expectOrdered(list);
    expect(list[0]).toEqual({
      service_id: 'SwiftPost|SwiftPost 24', carrier: 'SwiftPost', carrier_id: 'swiftpost', service_name: 'SwiftPost 24', delivery_type: 'same_day',
      shipping_date: wednesday, estimated_delivery_date: wednesday, delivery_window: { start: '18:00', end: '22:00' },
      cutoff: expect.stringMatching(new RegExp(`^${wednesday}T11:00:00\\+0[01]:00$`)), price: { amount: '9.95', currency: 'GBP', source: 'rule' },
    });
    const nextDay = list.filter((o) => o.estimated_delivery_date === addDays(wednesday, 1)).map((o) => [o.service_id, o.delivery_type, o.price.amount]);
    expect(nextDay).toEqual([
      ['SwiftPost|SwiftPost 24', 'next_day', '5.49'], ['Generic Carrier|Generic Next Day GNXT', 'next_day', '6.95'], ['Generic Carrier|Generic Next Day GNXT', 'nominated_day', '7.95'],
    ]);
    const nominated = list.filter((o) => o.delivery_type === 'nominated_day');
    expect(nominated.map((o) => o.estimated_delivery_date)).toEqual([1, 2, 5, 6, 7].map((n) => addDays(wednesday, n)));
    expect(new Set(list.map((o) => o.delivery_type))).toEqual(new Set(['same_day', 'next_day', 'nominated_day', 'standard', 'service_point']));
  });

  it('answers without dates, cheapest first, when no shipping_date is given', async () => {
    const res = await api.post({ recipient: { address: { country: 'gb' } } });
    expect(res.status).toBe(200);
    const list = res.body.delivery_options as Array<Record<string, any>>;
    expect(list.map((o) => o.price.amount)).toEqual(['1.99', '2.99', '3.49', '3.95', '5.49', '6.95', '7.95']);
    for (const o of list) expect([o.shipping_date, o.estimated_delivery_date, o.cutoff]).toEqual([null, null, null]);
  });

  it('filters by settings.delivery_type', async () => {
    const res = await api.post({ recipient: GB_RECIPIENT, shipping_date: wednesday, settings: { delivery_type: 'same_day' } });
    expect(res.body.delivery_options.map((o: any) => [o.service_id, o.delivery_type])).toEqual([['SwiftPost|SwiftPost 24', 'same_day']]);
    const outside = await api.post({ recipient: { address: { country: 'GB', postcode: 'M1 1AE' } }, settings: { delivery_type: 'same_day' } });
    expect(outside.body).toEqual({ delivery_options: [] });
  });

  it('answers 200 with an empty list when no rule matches', async () => {
    const res = await api.post({ recipient: { address: { country: 'JP', postcode: '100-0001' } }, shipping_date: wednesday });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ delivery_options: [] });
  });

  it('applies weight limits, order-value prices and destinations', async () => {
    const heavy = await api.post({ recipient: GB_RECIPIENT, packages: [{ weight: 12000, weight_unit: 'g' }] });
    expect(heavy.body.delivery_options.map((o: any) => o.carrier_id)).not.toContain('parcelink');
    expect(heavy.body.delivery_options.map((o: any) => o.delivery_type)).not.toContain('same_day');
    const tooBig = await api.post({ recipient: GB_RECIPIENT, packages: [{ weight: 5, length: 130, width: 50, height: 50 }] });
    expect(tooBig.body).toEqual({ delivery_options: [] });
    const price = async (order_value: number) => (await api.post({ recipient: GB_RECIPIENT, order_value, settings: { delivery_type: 'standard' } }))
      .body.delivery_options.find((o: any) => o.service_id === 'Generic Carrier|Generic Domestic Service GDOM').price.amount;
    expect([await price(50), await price(60)]).toEqual(['3.95', '0.00']);
    const us = await api.post({ recipient: { address: { country: 'US', postcode: '10001' } }, shipping_date: wednesday, packages: [{ weight: 20 }] });
    expect(us.body.delivery_options.map((o: any) => [o.service_id, o.price.amount])).toEqual([
      ['Globex Worldwide|Globex Express Worldwide', '44.95'], ['Globex Worldwide|Globex Economy Worldwide', '24.95'],
    ]);
  });

  it('ships from the named warehouse with its own cutoff in its own time zone', async () => {
    const res = await api.post({ warehouse_id: `${stack.creds.company}|Berlin Hub`, recipient: { address: { country: 'DE', postcode: '80331' } }, shipping_date: wednesday });
    expect(res.body.delivery_options).toEqual([expect.objectContaining({
      service_id: 'Generic Carrier|Generic Europe GEUR', price: { amount: '8.95', currency: 'GBP', source: 'rule' }, cutoff: expect.stringMatching(/T15:00:00\+0[12]:00$/),
    })]);
  });

  it.each([
    ['Api-Key', (k: string) => `Api-Key ${k}`], ['the bare key', (k: string) => k], ['Bearer', (k: string) => `Bearer ${k}`],
  ])('accepts the key as %s, with and without the trailing slash', async (_label, header) => {
    for (const slash of [true, false]) {
      const res = await api.post({ recipient: { address: { country: 'GB' } } }, { auth: { header: header(stack.creds.deliveryOptionsKey) }, slash });
      expect(res.status).toBe(200);
    }
  });

  it('refuses consignment credentials, wrong keys and missing ones with 401, and another company with 403', async () => {
    const body = { recipient: { address: { country: 'GB' } } };
    const basic = `Basic ${Buffer.from(`${stack.creds.user}:${stack.creds.password}`).toString('base64')}`;
    for (const auth of [{ header: `token ${stack.creds.apiToken}` }, { header: basic }, { header: 'Api-Key wrong-key' }, 'none' as const]) {
      const res = await api.post(body, { auth });
      expect([res.status, res.headers.get('www-authenticate'), typeof res.body.detail]).toEqual([401, 'Basic', 'string']);
    }
    const other = await api.post(body, { slug: 'someone-else' });
    expect(other.status).toBe(403);
    const keyOnConsignments = await client(stack).get('/carriers', { auth: { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } });
    expect(keyOnConsignments.status).toBe(401);
  });

  it.each([
    [{}, 'recipient: This field is required.'],
    [{ recipient: { address: {} } }, 'recipient.address.country: This field is required.'],
    [{ recipient: { address: { country: '' } } }, 'recipient.address.country: This field may not be blank.'],
    [{ recipient: { address: { country: 'GB' } }, shipping_date: '2026-13-01' }, 'shipping_date: Date has wrong format. Use YYYY-MM-DD.'],
    [{ recipient: { address: { country: 'GB' } }, settings: { delivery_type: 'express' } }, 'settings.delivery_type: "express" is not a valid choice.'],
    [{ recipient: { address: { country: 'GB' } }, shipping_date: '9999-12-30' }, 'shipping_date: Must be within 366 days from today.'],
    [{ recipient: { address: { country: 'GB' } }, packages: [{ weight: -1 }] }, 'packages.0.weight: Ensure this value is greater than or equal to 0.'],
    [{ recipient: { address: { country: 'GB' } }, colour: 'blue' }, 'colour: Unknown field.'],
    [{ recipient: { address: { country: 'GB' } }, warehouse_id: 'demo-co|Nowhere' }, 'warehouse_id: warehouse "demo-co|Nowhere" not found.'],
  ])('answers 400 with the field path for %j', async (body, detail) => {
    const res = await api.post(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(res.body.errors[detail.slice(0, detail.indexOf(':'))]).toEqual(expect.any(Array));
  });

  it('answers 415 for a body that is not JSON, 405 for another method and 404 for another path', async () => {
    const raw = client(stack, '');
    const auth = { header: `Api-Key ${stack.creds.deliveryOptionsKey}` };
    const form = await raw.call('POST', api.path(), { raw: 'country=GB', auth, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await raw.call('GET', api.path(), { auth })).status).toBe(405);
    expect((await raw.call('POST', `/api/2.0.0/company/${stack.creds.company}/other/`, { auth, body: {} })).status).toBe(404);
  });
});
