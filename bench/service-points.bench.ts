import { compare } from './lib/compare';
import { startDistributedStack } from './lib/stack';
import type { Benchmark, BenchRow } from './lib/types';

const NAME = 'GET /service-points (cached)';
const BASELINE = 'GET /carriers (same stack, same run)';
const SAME_SERVICE = 'GET /carrier-accounts (carrier-link through express, same run)';
/** Postcodes cycled through: each is asked once before measuring, so every measured answer comes from the cache. */
const POSTCODES = ['SW1A 1AA', 'M1 1AE', 'EH1 1YZ', 'B1 1AA', 'LS1 4AP', 'CF10 1EP', 'BS1 4DJ', 'NE1 7RU'];

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/**
 * A checkout's locker and shop search once the carriers' answers are cached (docs/api/service-points.md):
 * throughput and latency of `GET /service-points` over eight postcodes through the distributed stack's
 * gateway and carrier-link, next to `GET /carriers` (one hop to the consignment service, its answer from
 * memory, through the consignment service's hot lane) measured in alternating rounds of the same run, and
 * `GET /carrier-accounts` (carrier-link's express stack and one database read), the same service's own floor.
 * Target: at least half of `GET /carriers`' throughput.
 */
export const bench: Benchmark = {
  title: 'Service points: cached searches against a same-run lookup',
  async run(): Promise<BenchRow[]> {
    const stack = await startDistributedStack();
    try {
      const prefix = `/_api/v1/company/${stack.creds.company}`;
      const headers = { authorization: `token ${stack.creds.apiToken}` };
      const paths = POSTCODES.map((p) => `${prefix}/service-points?country=GB&postcode=${encodeURIComponent(p)}&limit=10`);
      for (const path of paths) {
        const res = await fetch(`${stack.baseUrl}${path}`, { headers });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      }
      const again = await fetch(`${stack.baseUrl}${paths[0]}`, { headers });
      if (again.headers.get('cache-status') !== 'waybill; hit') throw new Error('the second search was not answered from the cache');
      log('measuring: cached service points, carriers');
      const [points, carriers, accounts] = await compare([
        { spec: { url: `${stack.baseUrl}${paths[0]}`, headers, paths } },
        { spec: { url: `${stack.baseUrl}${prefix}/carriers`, headers } },
        { spec: { url: `${stack.baseUrl}${prefix}/carrier-accounts`, headers } },
      ]);
      return [
        { name: NAME, metric: 'throughput', value: points.rps, unit: 'req/s', baseline: { name: BASELINE, value: carriers.rps }, target: '>= 0.5x baseline', pass: points.rps >= 0.5 * carriers.rps },
        { name: NAME, metric: 'throughput', value: points.rps, unit: 'req/s', baseline: { name: SAME_SERVICE, value: accounts.rps } },
        { name: NAME, metric: 'p50 latency', value: points.p50, unit: 'ms', baseline: { name: BASELINE, value: carriers.p50 } },
        { name: NAME, metric: 'p99 latency', value: points.p99, unit: 'ms', baseline: { name: BASELINE, value: carriers.p99 } },
      ];
    } finally {
      await stack.stop();
    }
  },
};
