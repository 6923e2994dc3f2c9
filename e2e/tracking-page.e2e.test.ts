import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { eventually } from '@waybill/testing';
import { sendPush, trackingBody, type PushEvent } from '../bench/lib/tracking-push';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { scrape, total } from './support/metrics';
import { openBrowser, screenshot, seriousViolations, type Browser } from './support/browser';
import { ROOT } from './support/processes';
import { CATALOGS, LANGUAGES } from '@waybill/i18n';

const GNXT = 'Generic Carrier|Generic Next Day GNXT';
const SWIFT = 'SwiftPost|SwiftPost 24';
const LOGO_ORIGIN = 'https://cdn.northwind.example';
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#1d6b50"/><text x="60" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Northwind</text></svg>';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString().slice(0, 19);
const ev = (status: string, h: number, description?: string, location?: string): PushEvent => ({ status, timestamp: hoursAgo(h), ...(description && { description }), ...(location && { location }) });

const JOURNEY = [ev('INFO_RECEIVED', 30, 'Shipment details received'), ev('IN_TRANSIT', 20, 'Collected from the sender', 'London DC'), ev('IN_TRANSIT', 10, 'At the sorting centre', 'Birmingham hub')];
/** One parcel per state the page shows: its events, the headline, the progress step marked current, and the steps done before it. */
const STATES: Array<{ name: string; events: PushEvent[]; headline: string; current: string; done: number; problem?: boolean }> = [
  { name: 'label-created', events: [], headline: 'Label created', current: 'Label created', done: 0 },
  { name: 'in-transit', events: JOURNEY, headline: 'On its way', current: 'In transit', done: 1 },
  { name: 'out-for-delivery', events: [...JOURNEY, ev('OUT_FOR_DELIVERY', 2, 'With the driver', 'Leeds depot')], headline: 'Out for delivery', current: 'Out for delivery', done: 2 },
  { name: 'delivered', events: [...JOURNEY, ev('OUT_FOR_DELIVERY', 3, 'With the driver', 'Leeds depot'), ev('DELIVERED', 1, 'Delivered, signed for by ANNA', 'Leeds')], headline: 'Delivered', current: 'Delivered', done: 4 },
  { name: 'delivery-failed', events: [...JOURNEY, ev('OUT_FOR_DELIVERY', 3), ev('DELIVERY_FAILED', 1, 'Nobody was in; a card was left', 'Leeds')], headline: 'Delivery attempt failed', current: 'Delivery failed', done: 3, problem: true },
  { name: 'exception', events: [...JOURNEY, ev('EXCEPTION', 5, 'Delayed: address label damaged', 'Birmingham hub')], headline: 'There is a problem with this delivery', current: 'Problem reported', done: 2, problem: true },
  { name: 'returned', events: [...JOURNEY, ev('RETURNED', 4, 'Returned at the sender\u2019s request', 'Birmingham hub')], headline: 'Returning to the sender', current: 'Returning to sender', done: 2, problem: true },
];

describe.each(availableModes())('recipient tracking page (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const urls: Record<string, string> = {};
  const ids: Record<string, string> = {};

  /** An allocated consignment with the state's events pushed; returns its tracking_url's path. */
  async function parcel(state: (typeof STATES)[number], overrides: Record<string, unknown> = {}, created: string[] = []): Promise<string> {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await api.post('/consignments', [domesticConsignment({
      service_id: GNXT, expected_delivery_date: tomorrow,
      recipient: { name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada@example.com', contact_number: '+44 7700 900123', address: { address1: '10 Downing Street', city: 'Leeds', postcode: 'LS1 4DY', country: 'GB' } },
      ...overrides,
    })]);
    const c = (await api.get(`/consignment/${res.body.success[0]}`)).body;
    created.push(c.identifier);
    if (state.events.length) {
      const pushed = await sendPush(stack.baseUrl, c.service_id.startsWith('SwiftPost') ? 'swiftpost' : 'generic', stack.creds.carrierSecret,
        trackingBody(Object.fromEntries(c.packages.map((p: { tracking_number: string }) => [p.tracking_number, state.events]))));
      expect(pushed.status).toBe(202);
    }
    return new URL(c.tracking_url).pathname;
  }
  const get = (path: string, accept = 'text/html') => fetch(`${stack.baseUrl}${path}`, { headers: { accept } });

  beforeAll(async () => {
    stack = await startStack(mode);
    api = client(stack);
    const put = await api.put('/tracking-page', { display_name: 'Northwind Books', logo_url: `${LOGO_ORIGIN}/logo.svg`, accent_colour: '#1d6b50', support_email: 'help@northwind.example' });
    expect(put.status).toBe(200);
    for (const state of STATES) {
      const created: string[] = [];
      urls[state.name] = await parcel(state, state.name === 'delivered' ? { packages: [{ weight: 1 }, { weight: 2 }] } : {}, created);
      ids[state.name] = created[0];
    }
    const shared: string[] = [];
    urls.shared = await parcel(STATES[1], { service_id: SWIFT, packages: [{ weight: 1 }, { weight: 1 }] }, shared);
    ids.shared = shared[0];
    // Tracking learns consignments from events, and pushes that came first wait for them. Polled through the
    // API, not the page: the page's per-address budget is for recipients.
    for (const state of [...STATES, { ...STATES[1], name: 'shared' }]) {
      const expected = state.events.length * (state.name === 'delivered' ? 2 : 1);
      await eventually(async () => {
        if (expected === 0) return (await get(urls[state.name])).status === 200;
        const res = await api.get(`/consignment/${ids[state.name]}/tracking`);
        return res.status === 200 && res.body.length === expected;
      }, { what: `page of ${state.name}`, timeoutMs: 30_000, intervalMs: 300 });
    }
  }, 180_000);
  afterAll(async () => stack?.stop());

  it('opens every tracking_url without credentials: HTML for a browser, the contract fields as JSON', async () => {
    const path = urls['out-for-delivery'];
    expect(path).toMatch(/^\/track\/generic\/GC\w+$/);
    const html = await get(path);
    const text = await html.text();
    expect([html.status, html.headers.get('content-type'), html.headers.get('x-robots-tag'), html.headers.get('cache-control')])
      .toEqual([200, 'text/html; charset=utf-8', 'noindex, nofollow', 'public, max-age=60']);
    expect(html.headers.get('content-security-policy')).toMatch(new RegExp(`^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src ${LOGO_ORIGIN}; `));
    expect(text).toContain('Northwind Books');
    for (const secret of ['Downing', 'Lovelace', 'ada@example.com', '7700', '4DY']) expect(text).not.toContain(secret);
    const json = await (await get(path, 'application/json')).json() as any;
    expect(json).toMatchObject({
      carrier: 'Generic Carrier', service: 'Generic Next Day GNXT', tracking_numbers: [path.split('/')[3]], status: 'OUT_FOR_DELIVERY',
      expected_delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), destination: { town: 'Leeds', postcode_district: 'LS1', country: 'GB' },
    });
    expect(json.events.map((e: { status: string }) => e.status)).toEqual(['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'IN_TRANSIT', 'INFO_RECEIVED']);
    // A carrier numbering consignments, not packages: one number, both parcels under it.
    const shared = await (await get(urls.shared, 'application/json')).json() as any;
    expect(shared.tracking_numbers).toHaveLength(1);
    expect(shared.packages).toEqual([{ tracking_number: shared.tracking_numbers[0], status: 'IN_TRANSIT', packages: 2 }]);
  });

  it('answers a friendly 404 for unknown and cancelled numbers, and counts views and 404s', async () => {
    const created: string[] = [];
    const path = await parcel(STATES[0], {}, created);
    await eventually(async () => (await get(path)).status === 200, { what: 'page of the new consignment', timeoutMs: 20_000, intervalMs: 300 });
    expect((await api.del(`/consignment/${created[0]}`)).status).toBe(200);
    const metricsUrl = mode === 'distributed' ? stack.processUrls!['tracking-ingest'] : stack.baseUrl;
    const before = await scrape(metricsUrl);
    await eventually(async () => (await get(path)).status === 404, { what: 'cancelled page gone', timeoutMs: 20_000, intervalMs: 300 });
    for (const p of ['/track/generic/GC000NOPE', path]) {
      const res = await get(p);
      expect([res.status, res.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
      expect(await res.text()).toContain('We can\u2019t find this parcel');
    }
    expect([(await get('/track/generic/GC000NOPE', 'application/json')).status, (await get('/track/nothing')).status]).toEqual([404, 404]);
    await get(urls.delivered);
    const after = await scrape(metricsUrl);
    const views = (outcome: string, s: typeof before) => total(s, 'waybill_tracking_page_views_total', { outcome });
    expect(views('not_found', after) - views('not_found', before)).toBeGreaterThanOrEqual(3);
    expect(views('found', after) - views('found', before)).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad branding with a 400 naming the field', async () => {
    const res = await api.put('/tracking-page', { accent_colour: 'green' });
    expect([res.status, res.body.detail]).toEqual([400, expect.stringMatching(/^accent_colour: /)]);
    expect((await api.get('/tracking-page')).body).toMatchObject({ display_name: 'Northwind Books', accent_colour: '#1d6b50' });
  });

  // The page is the same HTML in both modes; the browser looks at it once.
  (mode === 'one-process' ? describe : describe.skip)('in a browser, at a phone and a desktop viewport', () => {
    let browser: Browser;
    let page: Page;
    const foreign: string[] = [];
    beforeAll(async () => {
      browser = await openBrowser();
      page = browser.page;
      const own = new URL(stack.baseUrl).origin;
      page.on('request', (r) => { if (new URL(r.url()).origin !== own) foreign.push(new URL(r.url()).origin); });
      await page.route(`${LOGO_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }));
    });
    afterAll(async () => browser?.close());

    for (const [viewport, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]] as const) {
      it.each(STATES.map((s) => [s.name, s] as const))(`shows %s with its progress line (${viewport})`, async (name, state) => {
        await page.setViewportSize(size);
        foreign.length = 0;
        await page.goto(`${stack.baseUrl}${urls[name]}`);
        await page.getByRole('heading', { level: 1, name: state.headline }).waitFor();
        const progress = page.getByRole('list', { name: 'Delivery progress' });
        expect((await progress.locator('[aria-current="step"]').innerText()).split('\n')[0]).toBe(state.current);
        expect(await progress.locator('li.done').count()).toBe(state.done);
        expect(await progress.locator('li.bad').count()).toBe(state.problem ? 1 : 0);
        await page.getByText('Northwind Books').first().waitFor();
        const history = page.getByRole('region', { name: 'Tracking history' });
        const items = await history.getByRole('listitem').allInnerTexts();
        expect(items).toHaveLength(state.events.length * (name === 'delivered' ? 2 : 1));
        if (state.events.length) expect(items[0]).toContain(state.events[state.events.length - 1].description ?? '');
        if (['in-transit', 'label-created'].includes(name)) await page.getByText(/^Expected /).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect([...new Set(foreign)]).toEqual([LOGO_ORIGIN]);
        const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
        expect(overflow).toBe(false);
        await screenshot(page, `${name}-${viewport}`, 'tracking');
      });
    }

    it('shows the 404 page in the same design, loading nothing from elsewhere', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      foreign.length = 0;
      const res = await page.goto(`${stack.baseUrl}/track/generic/GC000NOTHERE`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'We can\u2019t find this parcel' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(foreign).toEqual([]);
      await screenshot(page, 'not-found-phone', 'tracking');
    });

    it('speaks each language at phone size (?lang=, then Accept-Language), flags a late parcel, and passes axe in every one', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const late: string[] = [];
      const latePath = await parcel(STATES[1], { expected_delivery_date: twoDaysAgo }, late);
      await eventually(async () => (await api.get(`/consignment/${late[0]}/tracking`)).body.length === STATES[1].events.length, { what: 'late parcel tracked', timeoutMs: 30_000, intervalMs: 300 });
      for (const lang of LANGUAGES) {
        const res = await page.goto(`${stack.baseUrl}${latePath}?lang=${lang}`);
        expect([lang, res?.headers()['content-language']]).toEqual([lang, lang]);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        await page.getByRole('heading', { level: 1, name: CATALOGS[lang]['status.IN_TRANSIT.headline'] }).waitFor();
        await page.getByText(CATALOGS[lang]['page.late.title'], { exact: true }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
        await screenshot(page, `late-${lang}-phone`, 'tracking');
      }
      // The switch links keep the choice; without ?lang= the browser's language decides.
      await page.getByRole('navigation', { name: CATALOGS.pl['page.language'] }).getByRole('link', { name: 'Gaeilge' }).click();
      await page.getByRole('heading', { level: 1, name: CATALOGS.ga['status.IN_TRANSIT.headline'] }).waitFor();
      const german = await fetch(`${stack.baseUrl}${latePath}`, { headers: { accept: 'text/html', 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
      expect([german.headers.get('content-language'), (await german.text()).includes('<html lang="de">')]).toEqual(['de', true]);
      const json = await (await get(`${latePath}?lang=fr`, 'application/json')).json() as { status: string };
      expect(json.status).toBe('IN_TRANSIT');
    });
  });

  if (mode === 'distributed') {
    it('takes the settings from the admin CLI in another process too, refusing a bad value by name', async () => {
      const cli = (...args: string[]) => spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['infra/admin/src/main.ts', 'tracking-page', stack.creds.company, ...args], {
        cwd: ROOT, env: { ...process.env, DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8',
      });
      const set = cli('--display-name', 'Northwind (CLI)', '--support-email', '');
      expect([set.status, JSON.parse(set.stdout)]).toEqual([0, { display_name: 'Northwind (CLI)', logo_url: `${LOGO_ORIGIN}/logo.svg`, accent_colour: '#1d6b50', support_email: null }]);
      const bad = cli('--accent-colour', 'navy');
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toMatch(/accent_colour: /);
      const page = await (await get(urls.delivered, 'application/json')).json() as { merchant: Record<string, unknown> };
      expect(page.merchant).toEqual({ display_name: 'Northwind (CLI)', logo_url: `${LOGO_ORIGIN}/logo.svg`, accent_colour: '#1d6b50', support_email: null });
    });
  }

  it('budgets the page per client address: past 120 a minute, 429 with Retry-After', async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 125 && !refused; i++) {
      const res = await get(urls.delivered, 'application/json');
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The API is budgeted per credential, not by the page's budget.
    expect((await api.get('/tracking-page')).status).toBe(200);
  });
});
