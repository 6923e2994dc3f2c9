import { eventually, sendPush, trackingBody, RETURNABLE_ITEMS as ITEMS, RETURNING_RECIPIENT as recipient } from '@waybill/testing';
import { availableModes, type Stack } from './support/stack';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { OTHER, stackWithTwoCompanies } from './support/tenants';
import { downloadBytes, openBrowser, screenshot, seriousViolations } from './support/browser';

/**
 * The recipients' self-service returns page through the gateway with plain HTTP (docs/api/returns.md#the-self-service-returns-page):
 * the form, the match on order number and postcode, the items, the booking, the label PDF and the
 * return's tracking page; what a wrong postcode, a missing, forged or replayed form token and another
 * company's order teach (nothing); the per-address budget.
 */
const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

describe.each(availableModes())('self-service returns page (%s)', (mode) => {
  let stack: Stack;
  let cleanup: (() => void) | undefined;
  let api: ReturnType<typeof client>;
  // Each suite has a stack of its own, so a fixed number keeps the screenshots the same from run to run.
  const order = 'WEB-10428';
  let trackingPath = '';
  const page = (path: string, init?: RequestInit) => fetch(`${stack.baseUrl}${path}`, { redirect: 'manual', ...init });
  const text = async (path: string, init?: RequestInit) => {
    const res = await page(path, init);
    return { status: res.status, html: await res.text(), headers: res.headers };
  };

  /** A delivered outbound of the company behind `as`, with the returnable items. */
  async function delivered(as: ReturnType<typeof client>, orderNumber: string): Promise<Record<string, any>> {
    const c = await createConsignment(as, { order_number: orderNumber, service_id: GDOM, recipient, packages: [{ weight: 1.2, items: ITEMS }] });
    const at = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19);
    const pushed = await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody({ [c.packages[0].tracking_number]: [{ status: 'DELIVERED', timestamp: at, description: 'Delivered' }] }));
    expect(pushed.status).toBe(202);
    await eventually(async () => (await as.get(`/consignment/${c.identifier}`)).body.current_status.status === 'Delivered', { what: 'Delivered', timeoutMs: 30_000, intervalMs: 300 });
    return c;
  }

  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, {}));
    api = client(stack);
    const brand = await api.put('/tracking-page', { display_name: 'Northwind Outfitters', accent_colour: '#1d6b50' });
    expect(brand.status).toBe(200);
    trackingPath = new URL((await delivered(api, order)).tracking_url).pathname;
    await delivered(client({ ...stack, creds: OTHER }), `${order}-OTHER`);
    await delivered(api, `${order}-double`);
    await delivered(api, `${order}-phone`);
    await delivered(api, `${order}-desktop`);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
  });
  const slug = () => stack.creds.company;

  it('links the delivered parcel\'s tracking page to the form', async () => {
    const tracking = await text(trackingPath, { headers: { 'accept-language': 'en' } });
    expect(tracking.status).toBe(200);
    expect(tracking.html).toContain(`<a href="/returns/${slug()}?lang=en">Return an item</a>`);
  });

  it('finds the order by number and postcode, lists its items, books the return and gives its label PDF and tracking page', async () => {
    const start = await text(`/returns/${slug()}`);
    expect(start.status).toBe(200);
    expect(start.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);
    expect(start.html).toContain('<h1 id="t">Return an item</h1>');
    expect(start.html).not.toContain('<script');
    // Branded as the company's tracking page: its name and accent colour.
    expect(start.html).toContain('<header class="top"><p>Northwind Outfitters</p></header>');
    expect(start.html).toContain('--accent:#1d6b50');

    const items = await text(`/returns/${slug()}`, form({ token: tokenOf(start.html), order, postcode: ' m11aa ' }));
    expect(items.status).toBe(200);
    expect(items.html).toContain('Choose items to return');
    expect(items.html).toContain('Linen shirt');
    expect(items.html).toContain('Quantity to return (of 2)');
    expect(items.html).toContain('<option value="too_small">Too small</option>');

    const booked = await text(`/returns/${slug()}/confirm`, form({ token: tokenOf(items.html), item_0: 'sku:SHIRT-M', qty_0: '1', reason_0: 'too_small', item_1: 'sku:SCARF', qty_1: '0', reason_1: 'too_small' }));
    expect(booked.status).toBe(201);
    expect(booked.html).toContain('Return booked');
    expect(booked.html).toContain('Pack the items in their original packaging');
    const label = /href="(\/returns\/[^"]+\/label\/[^"]+)"/.exec(booked.html)?.[1];
    expect(label).toBeDefined();
    const pdf = await page(label!);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const tracking = /href="(https?:\/\/[^"]+\/track\/[^"]+)"/.exec(booked.html)?.[1];
    expect(tracking).toBeDefined();
    const returnPath = new URL(tracking!).pathname;
    await eventually(async () => (await fetch(`${stack.baseUrl}${returnPath}`, { headers: { accept: 'application/json' } })).status === 200, { what: 'the return\'s tracking page', timeoutMs: 20_000, intervalMs: 500 });

    // The return is the API's too: one shirt, the reason from the form.
    const outbound = (await api.get(`/consignments?order_number=${order}&limit=10`)).body.results as Array<{ identifier: string; direction: string }>;
    const returns = (await api.get(`/consignments?direction=return&limit=100`)).body.results as Array<{ return_for: string; return_items: unknown }>;
    const mine = returns.filter((r) => outbound.some((o) => o.identifier === r.return_for));
    expect(mine.map((r) => r.return_items)).toEqual([[{ sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: 'too_small' }]]);

    // The same items form again: refused, and still one return.
    const replay = await text(`/returns/${slug()}/confirm`, form({ token: tokenOf(items.html), item_0: 'sku:SHIRT-M', qty_0: '1', reason_0: 'too_small' }));
    expect(replay.status).toBe(403);
    expect(replay.html).toContain('This form has expired');
    const again = (await api.get(`/consignments?direction=return&limit=100`)).body.results as Array<{ return_for: string }>;
    expect(again.filter((r) => outbound.some((o) => o.identifier === r.return_for))).toHaveLength(1);
  });

  it('books one return for a double submit of the items form', async () => {
    const start = await text(`/returns/${slug()}`);
    const items = await text(`/returns/${slug()}`, form({ token: tokenOf(start.html), order: `${order}-double`, postcode: 'M1 1AA' }));
    const submit = () => text(`/returns/${slug()}/confirm`, form({ token: tokenOf(items.html), item_1: 'sku:SCARF', qty_1: '1', reason_1: 'damaged' }));
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
    const outbound = (await api.get(`/consignments?order_number=${order}-double&limit=10`)).body.results as Array<{ identifier: string }>;
    expect((await api.get(`/consignment/${outbound[0].identifier}`)).body.returns).toHaveLength(1);
  });

  it('tells a wrong postcode, an unknown order and another company\'s order the same: no returnable order found', async () => {
    const answers = [];
    for (const [o, postcode] of [[order, 'M1 1AB'], ['NO-SUCH-ORDER', 'M1 1AA'], [`${order}-OTHER`, 'M1 1AA']]) {
      const start = await text(`/returns/${slug()}`);
      const res = await text(`/returns/${slug()}`, form({ token: tokenOf(start.html), order: o, postcode }));
      answers.push(res.status);
      expect(res.html).toContain('We could not find a returnable order with that order number and postcode.');
      expect(res.html).not.toContain('Linen shirt');
      expect(res.html).not.toContain('Ada');
    }
    expect(answers).toEqual([404, 404, 404]);
  });

  it('refuses a form without a token, with a forged one, another company\'s, and a label link that is not ours', async () => {
    const start = await text(`/returns/${slug()}`);
    const token = tokenOf(start.html);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const otherStart = await text(`/returns/${OTHER.company}`);
    for (const t of [undefined, forged, tokenOf(otherStart.html)]) {
      const res = await text(`/returns/${slug()}`, form({ ...(t ? { token: t } : {}), order, postcode: 'M1 1AA' }));
      expect([res.status, res.html.includes('This form has expired'), res.html.includes('Linen shirt')]).toEqual([403, true, false]);
    }
    const label = await text(`/returns/${slug()}/label/${token}`);
    expect([label.status, label.html.includes('Label not found')]).toEqual([404, true]);
  });

  it('speaks ?lang=, else Accept-Language, else English, and keeps the language through the form', async () => {
    const de = await text(`/returns/${slug()}?lang=de`);
    expect([de.status, de.headers.get('content-language')]).toEqual([200, 'de']);
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).toContain('Artikel zurücksenden');
    const fr = await text(`/returns/${slug()}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(fr.html).toContain('<html lang="fr">');
    const missed = await text(`/returns/${slug()}`, form({ token: tokenOf(de.html), lang: 'de', order: 'NOPE', postcode: 'X1 1XX' }));
    expect(missed.html).toContain('<html lang="de">');
    expect((await text(`/returns/${slug()}`)).html).toContain('<html lang="en">');
  });

  // The page is the same in both modes: the browser runs in one (as the tracking page's browser tests do).
  (mode === 'one-process' ? it.each : it.skip.each)([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1100, height: 760 }],
  ])('works in a browser on a %s: every step without serious axe violations, screenshots of each', async (size, viewport) => {
    const browser = await openBrowser();
    try {
      const { page: p } = browser;
      await p.setViewportSize(viewport);
      const check = async (step: string) => {
        expect([step, await seriousViolations(p)]).toEqual([step, []]);
        await screenshot(p, `${size}-${step}`, 'api/returns-page');
      };
      // Where a recipient starts: the delivered parcel's tracking page and its link.
      await p.goto(`${stack.baseUrl}${trackingPath}?lang=en`);
      await check('0-tracking-page');
      await p.getByRole('link', { name: 'Return an item' }).click();
      await p.getByRole('heading', { name: 'Return an item', level: 1 }).waitFor();
      await check('1-form');
      await p.getByLabel('Order number').fill(`${order}-${size}`);
      await p.getByLabel('Delivery postcode').fill('M1 1AB');
      await p.getByRole('button', { name: 'Find my order' }).click();
      await p.getByRole('alert').waitFor();
      await check('2-not-found');
      await p.getByLabel('Order number').fill(`${order}-${size}`);
      await p.getByLabel('Delivery postcode').fill('m1 1aa');
      await p.getByRole('button', { name: 'Find my order' }).click();
      await p.getByRole('heading', { name: 'Choose items to return', level: 1 }).waitFor();
      await check('3-items');
      await p.getByLabel('Quantity to return (of 2)').selectOption('1');
      await p.getByLabel('Reason').first().selectOption('too_large');
      await p.getByRole('button', { name: 'Book the return' }).click();
      await p.getByRole('heading', { name: 'Return booked', level: 1 }).waitFor();
      await check('4-booked');
      const pdf = await downloadBytes(p, () => p.getByRole('link', { name: 'Download your return label (PDF)' }).click());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await p.getByRole('link', { name: 'Track your return' }).getAttribute('href')).toMatch(/\/track\//);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('budgets requests per client address: 429 with Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 80; i += 1) {
      last = await page(`/returns/${slug()}`);
      await last.arrayBuffer();
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
