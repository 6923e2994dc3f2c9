import { availableModes, startStack, type Mode } from '@waybill/testing/stacks';
import type { Benchmark, BenchRow } from './lib/types';
import { companyApi } from './lib/company-api';

/** Each phase: requests in flight, and how long it runs (`BENCH_RETURNS_SECONDS`). */
const IN_FLIGHT = 8;
const SECONDS = Number(process.env.BENCH_RETURNS_SECONDS ?? 10);
/** Outbound consignments made before the returns phase, one return each: more than the phase can use. */
const POOL = Number(process.env.BENCH_RETURNS_POOL ?? 4000);
const BATCH = 500;

const RECIPIENT = { name: 'Bench Recipient', address: { address1: '1 High Street', city: 'Manchester', postcode: 'M1 1AA', country: 'GB' } };
const outbound = (i: number) => ({
  order_number: `RB-${i}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM', recipient: RECIPIENT,
  packages: [{ weight: 1.2, weight_unit: 'kg', items: [{ name: 'Linen shirt', sku: 'SHIRT-M', quantity: 2, value: 30 }] }],
});

/** Rounds of each phase, alternated, so what the stack still digests from the last phase weighs on both alike. */
const ROUNDS = 2;

/** Runs `one(n)` from IN_FLIGHT workers for `seconds`; requests done and time taken, failing if any answer is not `ok`. */
async function phase(one: (n: number) => Promise<boolean>, from: number, seconds: number): Promise<{ done: number; ms: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let next = from;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() < until) {
      if (!(await one(next++))) throw new Error('a request was refused: the figures would not compare like with like');
      done++;
    }
  }));
  return { done, ms: performance.now() - started };
}

/**
 * Returns per second next to outbound creates in the same run and stack: each is one consignment booked with a
 * sandbox carrier (Generic's domestic service, Generic Returns GRTN), one request each, IN_FLIGHT at a time.
 * A return also reads its outbound, the policy and the earlier returns, so it should stay within 2x of a create.
 */
async function measure(mode: Mode): Promise<BenchRow[]> {
  const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const call = companyApi(stack);
    const ids: string[] = [];
    for (let i = 0; i < POOL; i += BATCH) {
      const res = await call('POST', '/consignments', Array.from({ length: Math.min(BATCH, POOL - i) }, (_, j) => outbound(i + j)));
      if (res.status !== 200 || Object.keys(res.body.errors).length) throw new Error(`create failed: ${JSON.stringify(res.body).slice(0, 300)}`);
      ids.push(...res.body.success);
    }
    const create = async (n: number) => {
      const res = await call('POST', '/consignments', [outbound(POOL + n)]);
      return res.status === 200 && res.body.success.length === 1;
    };
    const book = async (n: number) => {
      if (n >= ids.length) throw new Error(`the pool of ${POOL} outbound consignments ran out: raise BENCH_RETURNS_POOL`);
      const res = await call('POST', `/consignment/${ids[n]}/returns`, { reason: 'too_small' });
      return res.status === 201 && res.body.current_status?.status === 'Allocated';
    };
    const c = { done: 0, ms: 0 };
    const r = { done: 0, ms: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const made = await phase(create, c.done, SECONDS / ROUNDS);
      const returned = await phase(book, r.done, SECONDS / ROUNDS);
      c.done += made.done;
      c.ms += made.ms;
      r.done += returned.done;
      r.ms += returned.ms;
    }
    const creates = c.done / (c.ms / 1000);
    const returns = r.done / (r.ms / 1000);
    return [{
      name: `return creation (${mode}, ${IN_FLIGHT} in flight)`, metric: 'throughput', value: returns, unit: 'req/s',
      baseline: { name: 'outbound creation, one consignment a request', value: creates }, target: '>= 0.5x baseline', pass: returns >= 0.5 * creates,
    }];
  } finally {
    await stack.stop();
  }
}

export const bench: Benchmark = {
  title: `returns: POST /consignment/{id}/returns next to POST /consignments (${IN_FLIGHT} in flight, ${SECONDS} s each in ${ROUNDS} alternated rounds)`,
  async run(): Promise<BenchRow[]> {
    const only = process.env.BENCH_RETURNS_MODES?.split(',').map((m) => m.trim());
    const rows: BenchRow[] = [];
    for (const mode of availableModes().filter((m) => !only || only.includes(m))) rows.push(...await measure(mode));
    return rows;
  },
};
