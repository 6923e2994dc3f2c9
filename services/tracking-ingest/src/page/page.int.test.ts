import { createHash } from 'node:crypto';
import { metricsRegistry } from '@waybill/telemetry';
import { EventType } from '@waybill/contracts';
import { newEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { newIdentifier, startIngestHarness, trackingNumber, type IngestHarness, type TestConsignment } from '../test-support';

const GNXT = 'Generic Carrier|Generic Next Day GNXT';
const JSON_ACCEPT = { accept: 'application/json' };
const HTML_ACCEPT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function views(outcome: string): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'waybill_tracking_page_views_total');
  return (metric?.values ?? []).filter((v) => v.labels.outcome === outcome).reduce((n, v) => n + Number(v.value), 0);
}

/** docs/api/tracking-page.md: the page behind every tracking_url, as the gateway forwards a recipient's request. */
describe('recipient tracking page (integration)', () => {
  let h: IngestHarness;
  beforeAll(async () => { h = await startIngestHarness(); });
  afterAll(async () => h?.close());

  async function consignment(numbers: string[], extra: Partial<TestConsignment> = {}): Promise<TestConsignment> {
    const c: TestConsignment = {
      company: 'acme', identifier: newIdentifier(), order_number: `ORD-${numbers[0]}`, service_id: GNXT, service: 'Generic Next Day GNXT',
      consignment_number: `GCN${numbers[0]}`, packages: numbers.map((n, i) => ({ tracking_number: n, reference: `internal-ref-${i}` })),
      expected_delivery_date: '2026-11-24', current_status: { status: 'Allocated', short_form: 'allocated', rejection_reason: null },
      recipient: {
        name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada@example.com', contact_number: '+44 7700 900123',
        address: { address1: '10 Downing Street', address2: 'Flat 2', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
      },
      ...extra,
    };
    const event = await h.allocate(c);
    await eventually(() => h.consumed(event.id), { what: 'allocation consumed' });
    return c;
  }
  const page = (n: string, headers: Record<string, string> = HTML_ACCEPT) => h.get(`/track/generic/${encodeURIComponent(n)}`, headers);
  const push = (n: string, events: Array<Record<string, unknown>>) => h.push('generic', { trackings: [{ tracking_number: n, events }] });

  it('answers JSON with the contract fields: status of the newest event by carrier time, events newest first', async () => {
    const [n1, n2] = [trackingNumber(), trackingNumber()];
    await consignment([n1, n2]);
    const before = await page(n1, JSON_ACCEPT);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ carrier: 'Generic Carrier', service: 'Generic Next Day GNXT', tracking_numbers: [n1, n2], status: 'LABEL_CREATED', expected_delivery_date: '2026-11-24', events: [] });
    await push(n1, [{ status: 'IN_TRANSIT', timestamp: '2026-11-22T09:00:00Z', description: 'At hub', location: 'Leeds hub' }, { status: 'OUT_FOR_DELIVERY', timestamp: '2026-11-23T07:30:00Z' }]);
    await push(n2, [{ status: 'IN_TRANSIT', timestamp: '2026-11-22T10:00:00Z' }]);
    const res = await page(n2, JSON_ACCEPT);
    expect([res.status, res.headers.get('content-type'), res.headers.get('vary'), res.headers.get('cache-control')])
      .toEqual([200, expect.stringMatching(/^application\/json/), 'Accept, Accept-Language', 'public, max-age=60']);
    const body = await res.json();
    expect(body).toEqual({
      carrier: 'Generic Carrier', service: 'Generic Next Day GNXT', tracking_numbers: [n1, n2], status: 'OUT_FOR_DELIVERY', expected_delivery_date: '2026-11-24',
      events: [
        { timestamp: '2026-11-23T07:30:00.000Z', status: 'OUT_FOR_DELIVERY', description: null, location: null, tracking_number: n1 },
        { timestamp: '2026-11-22T10:00:00.000Z', status: 'IN_TRANSIT', description: null, location: null, tracking_number: n2 },
        { timestamp: '2026-11-22T09:00:00.000Z', status: 'IN_TRANSIT', description: 'At hub', location: 'Leeds hub', tracking_number: n1 },
      ],
      packages: [{ tracking_number: n1, status: 'OUT_FOR_DELIVERY', packages: 1 }, { tracking_number: n2, status: 'IN_TRANSIT', packages: 1 }],
      destination: { town: 'London', postcode_district: 'SW1A', country: 'GB', time_zone: 'Europe/London' },
      merchant: { display_name: 'acme', logo_url: null, accent_colour: null, support_email: null },
    });
    const text = JSON.stringify(body);
    for (const secret of ['Downing', 'Flat 2', '2AA', 'Lovelace', 'ada@example.com', '7700 900123', '900123', 'internal-ref']) expect(text).not.toContain(secret);
  });

  it('serves a small HTML page with a strict CSP, noindex, the merchant branding and local times, and no private data', async () => {
    const n = trackingNumber();
    await consignment([n], { company: 'brand-co', packages: [{ tracking_number: n }, { tracking_number: n }] });
    const put = await h.asCompany('brand-co', '/companies/brand-co/tracking-page', {
      method: 'PUT', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 'Brand & Co <Shop>', logo_url: 'https://cdn.brand.example/logo.svg', accent_colour: '#FFD400', support_email: 'help@brand.example' }),
    });
    expect([put.status, await put.json()]).toEqual([200, { display_name: 'Brand & Co <Shop>', logo_url: 'https://cdn.brand.example/logo.svg', accent_colour: '#ffd400', support_email: 'help@brand.example' }]);
    await push(n, [{ status: 'IN_TRANSIT', timestamp: '2026-07-01T08:05:00Z', location: 'Leeds hub', description: 'Arrived <b>at</b> hub' }]);
    const res = await page(n);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(`default-src 'none'; style-src 'sha256-${hash}'; img-src https://cdn.brand.example; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    expect(html).not.toMatch(/<script|style="/);
    expect(html).toContain('Brand &amp; Co &lt;Shop&gt;');
    expect(html).toContain('<img src="https://cdn.brand.example/logo.svg"');
    expect(html).toContain('--accent:#ffd400;--on-accent:#111111');
    expect(html).toContain('<h1 id="status">On its way</h1>');
    expect(html).toContain('Arrived &lt;b&gt;at&lt;/b&gt; hub');
    // 08:05 UTC in July is 09:05 in London.
    expect(html).toMatch(/Wed 1 Jul<br>09:05 BST/);
    expect(html).toContain('(2 parcels)');
    expect(html).toContain('mailto:help@brand.example');
    for (const secret of ['Downing', 'Flat 2', '2AA', 'Lovelace', 'ada@example.com', '7700 900123', '900123']) expect(html).not.toContain(secret);
  });

  it('answers 404 alike for unknown and cancelled numbers: a friendly page, or {"detail"} for JSON', async () => {
    const n = trackingNumber();
    const c = await consignment([n]);
    const cancelled = await h.allocate({ ...c, current_status: { status: 'Cancelled', short_form: 'cancelled', rejection_reason: null } }, 'consignment.consignment.cancelled');
    await eventually(() => h.consumed(cancelled.id), { what: 'cancel consumed' });
    const notFoundBefore = await views('not_found');
    for (const number of [n, 'GC-NEVER-SEEN', 'bad%20<script>']) {
      const res = await page(number);
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([404, expect.stringMatching(/^text\/html/), 'public, max-age=30']);
      const html = await res.text();
      expect(html).toContain('We can\u2019t find this parcel');
      expect(html).not.toContain('<script>');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    }
    const json = await page('GC-NEVER-SEEN', JSON_ACCEPT);
    expect([json.status, await json.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect(await views('not_found') - notFoundBefore).toBe(4);
    expect((await h.get('/track/generic/x', { ...HTML_ACCEPT }).then((r) => r.status))).toBe(404);
    expect((await fetch(`${h.url}/track/generic/${n}`, { method: 'POST' })).status).toBe(401);
  });

  it('answers 404 once the consignment\'s personal data was erased, and a late consignment event does not bring the page back', async () => {
    const n = trackingNumber();
    const c = await consignment([n]);
    expect((await page(n, JSON_ACCEPT)).status).toBe(200);
    const erased = newEnvelope(EventType.ConsignmentErased, c.company, { identifier: c.identifier, consignment_number: c.consignment_number, tracking_numbers: [n], erased_at: new Date().toISOString(), reason: 'request' });
    await h.bus.publish(erased);
    await eventually(() => h.consumed(erased.id), { what: 'erasure consumed' });
    const res = await page(n, JSON_ACCEPT);
    expect([res.status, await res.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await page(c.consignment_number!, JSON_ACCEPT)).status).toBe(404);
    const late = await h.allocate({ ...c, order_number: `${c.order_number}-late` }, 'consignment.consignment.updated');
    await eventually(() => h.consumed(late.id), { what: 'late update consumed' });
    expect((await page(n, JSON_ACCEPT)).status).toBe(404);
  });

  it('keeps the page under 30 KB with a long history, showing the newest events', async () => {
    const n = trackingNumber();
    await consignment([n]);
    const events = Array.from({ length: 150 }, (_, i) => ({ status: 'IN_TRANSIT', carrier_code: `SCAN${i}`, timestamp: new Date(Date.UTC(2026, 10, 1, 0, i * 10)).toISOString(), description: `Scanned at depot number ${i} of a very long journey across the network`, location: `Depot ${i}, Somewhere in the country` }));
    await push(n, events);
    const html = await (await page(n)).text();
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
    expect(html).toContain('Scanned at depot number 149');
    expect(html).toContain('earlier updates are not shown');
  });

  it('refuses bad settings with a 400 naming the field, changing nothing', async () => {
    const put = (body: unknown) => h.asCompany('acme', '/companies/acme/tracking-page', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put({ display_name: 'Acme', accent_colour: '#00aa00' })).status).toBe(200);
    for (const [body, detail] of [
      [{ accent_colour: 'red' }, /^accent_colour: /], [{ logo_url: 'http://insecure.example/logo.png' }, /^logo_url: /],
      [{ support_email: 'not an address' }, /^support_email: /], [{ display_name: 'x'.repeat(101) }, /^display_name: /], [{ colour: '#000000' }, /colour/],
    ] as const) {
      const res = await put(body);
      expect([res.status, ((await res.json()) as { detail: string }).detail]).toEqual([400, expect.stringMatching(detail)]);
    }
    const now = await (await h.asCompany('acme', '/companies/acme/tracking-page')).json();
    expect(now).toEqual({ display_name: 'Acme', logo_url: null, accent_colour: '#00aa00', support_email: null });
    expect((await put({ accent_colour: null })).status).toBe(200);
    expect(await (await h.asCompany('acme', '/companies/acme/tracking-page')).json()).toMatchObject({ display_name: 'Acme', accent_colour: null });
    const preview = await h.asCompany('acme', '/companies/acme/tracking-page/preview?display_name=Draft%20name&status=delivery_failed');
    expect([preview.status, preview.headers.get('content-security-policy')]).toEqual([200, expect.stringContaining("frame-ancestors 'self'")]);
    expect(await preview.text()).toMatch(/Draft name[\s\S]*Delivery attempt failed/);
    expect((await h.asCompany('acme', '/companies/acme/tracking-page/preview?accent_colour=blue')).status).toBe(400);
  });
});
