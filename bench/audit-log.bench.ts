import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrateToLatest, openDatabase } from '@waybill/db';
import { closeServer, listen } from '@waybill/http';
import { createLogger } from '@waybill/logger';
import { createTestDatabase } from '@waybill/testing';
import { buildGateway } from '../services/gateway/src/app';
import type { GatewayDb } from '../services/gateway/src/credentials/credentials.table';
import { addSecret, createCompany } from '../services/gateway/src/credentials/credentials.repository';
import { migrations } from '../services/gateway/src/migrations';
import { MemoryRateLimiter } from '../services/gateway/src/ratelimit/rate-limiter';
import { compare, type LoadSpec } from './lib/compare';
import { useLocalServers } from './lib/stack';
import type { Benchmark, BenchRow } from './lib/types';

const TOKEN = 'bench-audit-token-0123456789';
const NAME = 'gateway audited write (rotate a webhook secret)';

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** A stand-in webhook-dispatcher answering every request at once, so the figures are the gateway's own. */
async function standIn(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"secret":"whsec_YmVuY2g="}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * What recording an audited change costs a write at the gateway (docs/operations.md#audit-log): the
 * same token write, `POST /webhooks/endpoints/{id}/rotate-secret`, through three gateways of this
 * process on one Postgres, measured in alternating rounds: recording on (the write leaves the fast lane
 * for express, which inserts the entry before the answer ends); recording off with express alone
 * (HOT_LANES=off: the insert's own cost); recording off with the fast lane (the write before the audit log).
 */
export const bench: Benchmark = {
  title: 'Audit log: the write-path cost of recording at the gateway',
  async run(): Promise<BenchRow[]> {
    useLocalServers();
    const db = await createTestDatabase();
    const database = openDatabase<GatewayDb>(db.target, 'gateway');
    const backend = await standIn();
    const gateways: Array<{ stop: () => Promise<void> }> = [];
    const saved = process.env.HOT_LANES;
    try {
      await migrateToLatest(database.db, 'gateway', migrations);
      await createCompany(database.db, 'acme', 'Acme');
      await addSecret(database.db, 'api_tokens', 'acme', 'bench token', TOKEN);
      const start = async (auditLog: boolean, lanes: 'on' | 'off'): Promise<LoadSpec> => {
        process.env.HOT_LANES = lanes;
        const { handler } = buildGateway({
          db: database.db, logger: createLogger('bench', { level: 'silent' }), limiter: new MemoryRateLimiter(10_000_000),
          internalJwtSecret: 'bench-secret', readiness: {}, services: { 'webhook-dispatcher': backend.url }, auditLog,
        });
        const served = await listen(handler, 0, '127.0.0.1');
        gateways.push({ stop: () => closeServer(served.server) });
        return {
          url: `http://127.0.0.1:${served.port}/_api/v1/company/acme/webhooks/endpoints/ep_bench/rotate-secret`, method: 'POST',
          headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' }, body: '{}',
        };
      };
      const recording = await start(true, 'on');
      const expressOnly = await start(false, 'off');
      const lane = await start(false, 'on');
      log('measuring: recording on, off (express), off (fast lane)');
      const [on, offExpress, offLane] = await compare([{ spec: recording }, { spec: expressOnly }, { spec: lane }]);
      const { n } = await database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      log(`${n} entries recorded for ${on.ok} measured writes (warm-up included)`);
      if (Number(n) < on.ok) throw new Error(`only ${n} audit entries for ${on.ok} successful writes`);
      const rows = (metric: string, unit: string, ours: number, express: number, fast: number): BenchRow[] => [
        { name: NAME, metric, value: ours, unit, baseline: { name: 'not recorded, express alone', value: express } },
        { name: NAME, metric, value: ours, unit, baseline: { name: 'not recorded, fast lane', value: fast } },
      ];
      return [
        ...rows('throughput', 'req/s', on.rps, offExpress.rps, offLane.rps),
        ...rows('p50 latency', 'ms', on.p50, offExpress.p50, offLane.p50),
        ...rows('p99 latency', 'ms', on.p99, offExpress.p99, offLane.p99),
      ];
    } finally {
      if (saved === undefined) delete process.env.HOT_LANES;
      else process.env.HOT_LANES = saved;
      for (const g of gateways) await g.stop();
      await new Promise((resolve) => backend.server.close(resolve));
      await database.close();
      await db.drop();
    }
  },
};
