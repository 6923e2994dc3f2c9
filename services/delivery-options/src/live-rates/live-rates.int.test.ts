import express from 'express';
import type { Server } from 'node:http';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import { InProcessEventBus } from '@waybill/messaging';
import { InlineJobDriver } from '@waybill/jobs';
import type { RunningService } from '@waybill/http';
import { createTestDatabase, eventually, type TestDatabase } from '@waybill/testing';
import { startDeliveryOptionsService } from '../service';

const SECRET = 'live-rates-secret';
const logger = createLogger('test', { level: 'silent' });
const BUDGET_MS = 300;
const UPS = 'UPS|UPS Standard';
const DHL = 'DHL Express|DHL Express Worldwide';
const GLOBEX = 'Globex Worldwide|Globex Economy Worldwide';

/**
 * The consignment service's lookups and carrier-link's rating, as the service sees them over HTTP: UPS
 * answers after `upsDelayMs`, DHL Express fails (503), Globex has no account.
 */
function peers(state: { upsDelayMs: number; upsAsked: number; dhlAsked: number }): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(express.json());
  app.get('/companies/acme/carrierservices', (_req, res) => {
    res.json([{ carrier_id: 'ups', identifier: UPS, name: 'UPS Standard' }, { carrier_id: 'dhl_express', identifier: DHL, name: 'DHL Express Worldwide' }, { carrier_id: 'globex', identifier: GLOBEX, name: 'Globex Economy Worldwide' }]);
  });
  app.get('/companies/acme/warehouses', (_req, res) => {
    res.json([{ identifier: 'acme|London', name: 'London', is_default: true, timezone: 'Europe/London', address: { country: 'GB', postcode: 'E14 5AB', city: 'London' } }]);
  });
  app.post('/companies/acme/carrier-rates', (req, res) => {
    const { carrier, request } = req.body;
    if (carrier === 'ups') {
      state.upsAsked++;
      const amount = (5 + request.parcels[0].weight_kg).toFixed(2);
      setTimeout(() => res.json({ rated: true, rates: [{ service: 'UPS Standard', amount, currency: 'GBP' }] }), state.upsDelayMs);
    } else if (carrier === 'dhl_express') {
      state.dhlAsked++;
      res.status(503).json({ detail: 'carrier-link unavailable' });
    } else {
      res.json({ rated: false, reason: 'no_account', detail: `${carrier}: this company has no enabled account` });
    }
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

describe('delivery options with live rates through carrier-link (slow, failing and absent carriers)', () => {
  let tdb: TestDatabase;
  let stub: { url: string; server: Server };
  let svc: RunningService;
  let base: string;
  const state = { upsDelayMs: 20, upsAsked: 0, dhlAsked: 0 };
  const bus = new InProcessEventBus({ logger });

  beforeAll(async () => {
    tdb = await createTestDatabase();
    stub = await peers(state);
    svc = await startDeliveryOptionsService({
      db: tdb.target, bus, jobs: new InlineJobDriver({ logger }), logger, internalJwtSecret: SECRET,
      peers: { consignment: stub.url, 'carrier-link': stub.url }, defaultPublicUrl: 'http://localhost', port: 0, host: '127.0.0.1',
    }, { now: () => new Date('2026-03-10T09:00:00Z'), env: { RATES_TIMEOUT_MS: String(BUDGET_MS) } });
    base = `http://127.0.0.1:${svc.port}/companies/acme`;
    for (const [service_id, amount, markup] of [[UPS, '9.99', { percent: 10 }], [DHL, '25.00', undefined], [GLOBEX, '8.00', undefined]] as const) {
      const res = await call('/delivery-rules', 'POST', { name: service_id, service_id, delivery_type: 'standard', price: { amount, ...(markup && { markup }) } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await svc?.stop();
    await bus.close();
    stub.server.close();
    await tdb.drop();
  });

  async function call(path: string, method = 'GET', body?: unknown, principal = 'token:t1') {
    const res = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${signInternalToken(SECRET, 'delivery-options', { company: 'acme', principal })}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const basket = (weight: number) => ({ recipient: { address: { country: 'DE', postcode: '10115' } }, packages: [{ weight }] });
  const quote = async (weight: number) => {
    const started = Date.now();
    const res = await call('/delivery-options', 'POST', basket(weight));
    expect(res.status).toBe(200);
    return { ms: Date.now() - started, prices: Object.fromEntries(res.body.delivery_options.map((o: any) => [o.service_id, [o.price.amount, o.price.source]])) };
  };

  it("prices UPS by its answer (the rule's markup added), DHL failing and Globex without account by their rules", async () => {
    const q = await quote(2);
    expect(q.prices).toEqual({ [UPS]: ['7.70', 'carrier'], [DHL]: ['25.00', 'rule'], [GLOBEX]: ['8.00', 'rule'] });
    // Allocation by cheapest follows the same prices: UPS's live 7.70 before Globex's 8.00.
    const candidates = await call('/allocation-candidates', 'POST', basket(2), 'service:consignment');
    expect(candidates.body.candidates.map((c: any) => [c.service_id, c.price])).toEqual([[UPS, '7.70'], [GLOBEX, '8.00'], [DHL, '25.00']]);
    const rates = await call('/rates', 'POST', { destination: { country: 'DE', postcode: '10115' }, packages: [{ weight: 2 }] });
    expect(rates.body.rates[0]).toMatchObject({ service_id: UPS, price: { amount: '7.70', currency: 'GBP', source: 'carrier' } });
  });

  it('answers within the budget while UPS hangs, then has the late answer for the same parcel', async () => {
    state.upsDelayMs = 1500;
    const asked = state.upsAsked;
    const slow = await quote(3);
    expect(slow.prices[UPS]).toEqual(['9.99', 'rule']);
    expect(slow.ms).toBeLessThan(BUDGET_MS + 400);
    // Its answer, late for that quote, serves the next identical ones; quotes meanwhile wait on the same call.
    const later = await eventually(async () => {
      const q = await quote(3);
      return q.prices[UPS][1] === 'carrier' ? q : undefined;
    }, { timeoutMs: 5000, what: "UPS's late answer in the cache" });
    expect(later.prices[UPS]).toEqual(['8.80', 'carrier']);
    expect(state.upsAsked).toBe(asked + 1);
    state.upsDelayMs = 20;
  });
});
