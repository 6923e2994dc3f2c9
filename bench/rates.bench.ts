import { availableModes, client, startStack } from '@waybill/testing/stacks';
import { load, type LoadResult } from './lib/load';
import { CHECKOUT, RULES, replaceRules } from './lib/rate-card';
import type { Benchmark, BenchRow } from './lib/types';

const CONNECTIONS = 32;
const SECONDS = 5;
/** Runs alternate between the baseline and ours so that both see the same machine (it is shared). */
const ROUNDS = 3;
/** Services with a rate sheet: the Irish destination below is priced from them, GB (the baseline's checkout) by the rules alone. */
const SHEETED = ['Generic Carrier|Generic Domestic Service GDOM', 'SwiftPost|SwiftPost 48', 'Parcelink|Parcelink Standard', 'Globex Worldwide|Globex Express Worldwide'];

/** A carrier-sized sheet: Dublin districts, the rest of Ireland, two EU zones, North America; ten weight bands. */
function sheet(serviceId: string, n: number): Record<string, unknown> {
  const zones = [
    { name: 'Dublin', countries: ['IE'], postcode_prefixes: Array.from({ length: 24 }, (_, i) => `D${String(i + 1).padStart(2, '0')}`) },
    { name: 'Ireland', countries: ['IE'] },
    { name: 'EU near', countries: ['FR', 'BE', 'NL', 'LU', 'DE'] },
    { name: 'EU far', countries: ['ES', 'PT', 'IT', 'AT', 'PL', 'CZ', 'DK', 'SE', 'FI'] },
    { name: 'North America', countries: ['US', 'CA'] },
  ];
  const bands = Array.from({ length: 10 }, (_, b) => ({
    max_weight_kg: (b + 1) * 3,
    prices: Object.fromEntries(zones.map((z, i) => [z.name, (2 + n + i + b * 0.75).toFixed(2)])),
  }));
  return { identifier: `bench ${n}`, service_id: serviceId, currency: 'GBP', zones, bands };
}

/** The same two parcels as the checkout, to a Dublin postcode, from the company's default warehouse. */
const RATES = { destination: { country: 'IE', postcode: 'D02 X285' }, packages: CHECKOUT.packages };

function checked(label: string, r: LoadResult): LoadResult {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}

const median = (runs: LoadResult[], by: 'rps' | 'p99'): number => [...runs].map((r) => r[by]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];

export const bench: Benchmark = {
  title: `POST /rates against the rule-only checkout quote, ${RULES} rules and ${SHEETED.length} rate sheets`,
  async run(): Promise<BenchRow[]> {
    const mode = availableModes().includes('distributed') ? 'distributed' : 'one-process';
    const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '100000000' });
    try {
      await replaceRules(stack);
      const api = client(stack);
      for (const s of (await api.get('/rate-sheets')).body) await api.del(`/rate-sheets/${s.id}`);
      for (const [i, id] of SHEETED.entries()) {
        const res = await api.post('/rate-sheets', sheet(id, i));
        if (res.status !== 201) throw new Error(`rate sheet ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const checkoutUrl = `${stack.baseUrl}/api/2.0.0/company/${stack.creds.company}/delivery_options/`;
      const checkoutHeaders = { authorization: `Api-Key ${stack.creds.deliveryOptionsKey}` };
      const ratesUrl = `${stack.baseUrl}/_api/v1/company/${stack.creds.company}/rates`;
      const ratesHeaders = { authorization: `Token ${stack.creds.apiToken}` };
      const quote = await client(stack, '').post(checkoutUrl, CHECKOUT, { auth: { header: checkoutHeaders.authorization } });
      const sources = new Set((quote.body.delivery_options ?? []).map((o: { price: { source: string } }) => o.price.source));
      if (quote.status !== 200 || quote.body.delivery_options.length === 0 || [...sources].join() !== 'rule') throw new Error(`checkout answered ${quote.status}, sources ${[...sources]}`);
      const rates = await api.post('/rates', RATES);
      const bySheet = (rates.body.rates ?? []).filter((r: { price: { source: string } }) => r.price.source === 'rate_sheet').length;
      if (rates.status !== 200 || bySheet === 0) throw new Error(`POST /rates answered ${rates.status}: ${JSON.stringify(rates.body).slice(0, 300)}`);
      const checkout = () => load({ url: checkoutUrl, body: CHECKOUT, headers: checkoutHeaders, connections: CONNECTIONS, durationSec: SECONDS });
      const compare = () => load({ url: ratesUrl, body: RATES, headers: ratesHeaders, connections: CONNECTIONS, durationSec: SECONDS });
      await load({ url: checkoutUrl, body: CHECKOUT, headers: checkoutHeaders, connections: CONNECTIONS, durationSec: 2 });
      await load({ url: ratesUrl, body: RATES, headers: ratesHeaders, connections: CONNECTIONS, durationSec: 2 });
      const base: LoadResult[] = [];
      const ours: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        base.push(checked('checkout', await checkout()));
        ours.push(checked('rates', await compare()));
      }
      const name = `POST /rates, ${rates.body.rates.length} rates (${bySheet} from sheets), ${rates.body.errors.length} carrier errors (${mode})`;
      const baseline = `rule-only checkout quote, ${quote.body.delivery_options.length} options`;
      const [oursRps, baseRps] = [median(ours, 'rps'), median(base, 'rps')];
      return [
        { name, metric: `max throughput (${CONNECTIONS} connections, median of ${ROUNDS})`, value: oursRps, unit: 'req/s', baseline: { name: baseline, value: baseRps },
          target: '>= 0.5x baseline', pass: oursRps >= 0.5 * baseRps },
        { name, metric: `p99 at max throughput (median of ${ROUNDS})`, value: median(ours, 'p99'), unit: 'ms', baseline: { name: baseline, value: median(base, 'p99') } },
      ];
    } finally {
      await stack.stop();
    }
  },
};
