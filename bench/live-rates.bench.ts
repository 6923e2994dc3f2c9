import { request } from 'node:http';
import { availableModes, client, deliveryOptions, NORWAY, norwayRule, startStack, type Stack } from '@waybill/testing/stacks';
import { load, type LoadResult } from './lib/load';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * Checkout quotes with live rates (docs/api/rates.md), each figure beside a baseline of the same run:
 * - two carriers (UPS, DHL Express doubles) answering in 200 ms, every quote a new parcel (no cache):
 *   p99 against the slowest carrier's own answer time measured directly (target <= 1.3x: asked in parallel);
 * - UPS hanging: p99 against RATES_TIMEOUT_MS (target <= budget + 50 ms);
 * - the same quote again (cached live rates): throughput against the rule-only quote (target >= 0.8x).
 * Each p99 is the median of three rounds' (the machine is shared: one stalled request in a round is
 * the machine's, three would be ours). Quotes are one at a time in the first two (the carriers' own pacing, 5 to 10 calls a second, would
 * otherwise queue them); the third is a closed loop of 32 connections.
 */
const CARRIER_MS = 200;
const BUDGET_MS = 1500;
const QUOTES = 100;
const HANGING_QUOTES = 40;
const CONNECTIONS = 32;
const SECONDS = 5;
const ROUNDS = 3;
const UPS = { clientId: 'bench-ups-rates-client', clientSecret: 'bench-ups-rates-secret-B3N4', accountNumber: 'B3N4CH' };
const DHL = { apiKey: 'bench-dhl-rates-key', apiSecret: 'bench-dhl-rates-secret', accountNumber: '135792468' };
const rule = (service_id: string, amount: string) => ({
  name: `${service_id} to Germany`, service_id, delivery_type: 'standard', conditions: { countries: ['de'] }, price: { amount }, schedule: { cutoff: '23:59', transit_days: 2 },
});
const berlin = (weight: number) => ({ recipient: { address: { country: 'DE', postcode: '10117' } }, packages: [{ weight, length: 30, width: 20, height: 10 }] });

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)];
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const median = (runs: LoadResult[]) => [...runs].map((r) => r.rps).sort((a, b) => a - b)[Math.floor(runs.length / 2)];

/** One POST to a double's rating path: the injected delay applies before it looks at the token, so this times the carrier's answer alone. */
function carrierAnswerMs(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

async function sequentialQuotes(stack: Stack, n: number, firstWeight: number, expect: (sources: Record<string, string>) => void): Promise<number[]> {
  const quotes = deliveryOptions(stack);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    // A new weight each time: the live rates are never in the cache.
    const res = await quotes.post(berlin(firstWeight + i * 0.001));
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`checkout answered ${res.status}`);
    expect(Object.fromEntries((res.body.delivery_options as Array<{ service_id: string; price: { source: string } }>).map((o) => [o.service_id, o.price.source])));
  }
  return ms;
}

function checked(label: string, r: LoadResult): LoadResult {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}

export const bench: Benchmark = {
  title: `checkout quotes with live rates from two carriers answering in ${CARRIER_MS} ms (RATES_TIMEOUT_MS ${BUDGET_MS})`,
  async run(): Promise<BenchRow[]> {
    const mode = availableModes().includes('distributed') ? 'distributed' : 'one-process';
    const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '100000000', RATES_TIMEOUT_MS: String(BUDGET_MS) });
    const { ups, dhlExpress } = stack.carriers;
    try {
      ups.addClient(UPS);
      dhlExpress.addAccount(DHL);
      const api = client(stack);
      for (const [carrier, credentials] of [['ups', { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber }], ['dhl_express', { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber }]] as const) {
        const res = await api.post('/carrier-accounts', { carrier, name: carrier, test_mode: true, credentials });
        if (res.status !== 201) throw new Error(`account ${carrier}: ${res.status}`);
      }
      for (const r of [rule('UPS|UPS Standard', '9.99'), rule('DHL Express|DHL Express Worldwide', '30.00'), norwayRule('12.50')]) {
        const res = await api.post('/delivery-rules', r);
        if (res.status !== 201) throw new Error(`rule: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const live = (s: Record<string, string>) => {
        if (s['UPS|UPS Standard'] !== 'carrier' || s['DHL Express|DHL Express Worldwide'] !== 'carrier') throw new Error(`not priced by both carriers: ${JSON.stringify(s)}`);
      };
      // The accounts' services reach the checkout's catalog within its cache time.
      for (let tries = 0; ; tries++) {
        try {
          await sequentialQuotes(stack, 1, 1, live);
          break;
        } catch (err) {
          if (tries > 60) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }

      ups.inject({ operation: 'rate', kind: 'slow', delayMs: CARRIER_MS, times: 1e9 });
      dhlExpress.inject({ operation: 'rate', kind: 'slow', delayMs: CARRIER_MS, times: 1e9 });
      // Rounds alternate the carriers' own answer time and the quotes, so both see the same machine (it is shared).
      const carrierP99: number[] = [];
      const quoteP99: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const carrierMs: number[] = [];
        for (let i = 0; i < 20; i++) carrierMs.push(await carrierAnswerMs(`${ups.url}/api/rating/v2409/Shop`), await carrierAnswerMs(`${dhlExpress.url}/rates`));
        carrierP99.push(p99(carrierMs));
        quoteP99.push(p99(await sequentialQuotes(stack, QUOTES, 2 + round, live)));
      }

      ups.clearFaults();
      ups.inject({ operation: 'rate', kind: 'slow', delayMs: 30_000, times: 1e9 });
      const hanging = await sequentialQuotes(stack, HANGING_QUOTES, 5, (s) => {
        if (s['UPS|UPS Standard'] !== 'rule' || s['DHL Express|DHL Express Worldwide'] !== 'carrier') throw new Error(`UPS hanging, yet: ${JSON.stringify(s)}`);
      });
      ups.clearFaults();
      dhlExpress.clearFaults();

      const url = `${stack.baseUrl}/api/2.0.0/company/${stack.creds.company}/delivery_options/`;
      const headers = { authorization: `Api-Key ${stack.creds.deliveryOptionsKey}` };
      const cachedBody = berlin(2);
      await sequentialQuotes(stack, 1, 2, live);
      const cached = () => load({ url, body: cachedBody, headers, connections: CONNECTIONS, durationSec: SECONDS });
      const ruleOnly = () => load({ url, body: { ...NORWAY, packages: [{ weight: 2 }] }, headers, connections: CONNECTIONS, durationSec: SECONDS });
      await ruleOnly();
      await cached();
      const asked = ups.count('rate');
      const base: LoadResult[] = [];
      const ours: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        base.push(checked('rule-only quote', await ruleOnly()));
        ours.push(checked('cached quote', await cached()));
      }
      if (ups.count('rate') !== asked) throw new Error(`cached quotes asked UPS ${ups.count('rate') - asked} times`);

      const slowest = middle(carrierP99);
      const parallel = middle(quoteP99);
      const [oursRps, baseRps] = [median(ours), median(base)];
      return [
        { name: `quote, live rates from UPS and DHL Express (${mode})`, metric: `p99 of ${QUOTES} uncached quotes (median of ${ROUNDS})`, value: Math.round(parallel), unit: 'ms',
          baseline: { name: `slowest carrier's answer (p99 of 20 each, median of ${ROUNDS})`, value: Math.round(slowest) }, target: '<= 1.3x baseline', pass: parallel <= 1.3 * slowest },
        { name: `quote, UPS hanging (${mode})`, metric: `p99 of ${HANGING_QUOTES} uncached quotes`, value: Math.round(p99(hanging)), unit: 'ms',
          baseline: { name: 'RATES_TIMEOUT_MS', value: BUDGET_MS }, target: '<= baseline + 50 ms', pass: p99(hanging) <= BUDGET_MS + 50 },
        { name: `quote, cached live rates (${mode})`, metric: `max throughput (${CONNECTIONS} connections, median of ${ROUNDS})`, value: oursRps, unit: 'req/s',
          baseline: { name: 'rule-only quote', value: baseRps }, target: '>= 0.8x baseline', pass: oursRps >= 0.8 * baseRps },
      ];
    } finally {
      await stack.stop();
    }
  },
};
