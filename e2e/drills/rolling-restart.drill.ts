import { eventually } from '@waybill/testing';
import type { RollFigures } from '../support/stack';
import { client } from '../support/client';
import { drillWorld } from './support/world';
import { repeatedEvents, undelivered } from './support/verify';

/**
 * Rolling restart (`make drills`, issue 17.5): under the steady load of creates, carrier pushes and the
 * webhooks they cause, every service in turn gets a second process, and once it is ready the first one
 * gets SIGTERM and drains, as a Kubernetes rolling update does; then each of the two gateway replicas is
 * stopped with SIGTERM and started again while the client moves to the other one when a replica does not
 * answer (refuses the connection, or closes a kept-alive one it drains).
 * Target: no failed request, no lost event, no effect twice. Runs on DATABASE_URL, AMQP_URL and REDIS_URL
 * when set (nothing is restarted but the platform's own processes), else on private servers.
 */
const STEADY_MS = Number(process.env.DRILL_STEADY_MS ?? 2000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row extends RollFigures { phase: string; creates: number; failed: number; pushes: number }

describe('rolling restart of every service under steady load (distributed)', () => {
  const world = drillWorld({ shared: true, env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT: '5s', SHUTDOWN_TIMEOUT: '20' }, stack: { rolling: true } });
  beforeAll(() => world.setup(), 600_000);
  afterAll(() => world.teardown(), 300_000);

  it('fails no request, loses no event and repeats no effect', async () => {
    const { stack, rx } = world;
    const api = client(stack);
    const running = await world.startLoad({ createEveryMs: 300, pushEveryMs: 100, pushers: 4, gateways: stack.replicaUrls!.gateway });
    const { ledger } = running;
    const rows: Row[] = [];
    const phaseStarts: Array<[string, number]> = [];
    await sleep(STEADY_MS);

    const services = Object.keys(stack.processUrls!).filter((n) => !n.startsWith('gateway'));
    for (const name of [...services, 'gateway', 'gateway#2']) {
      const before = { creates: ledger.creates.length, failed: ledger.errors.length, pushes: ledger.pushes.length };
      running.setPhase(name);
      phaseStarts.push([name, Date.now()]);
      const figures = await stack.roll!(name);
      await sleep(STEADY_MS);
      rows.push({
        phase: name, ...figures, creates: ledger.creates.length - before.creates,
        failed: ledger.errors.length - before.failed, pushes: ledger.pushes.length - before.pushes,
      });
    }
    const table = '| process | new one ready after ms | old one drained and exited after ms | exit code | creates sent | failed requests | pushes accepted |\n'
      + '|---|---:|---:|---:|---:|---:|---:|\n'
      + rows.map((r) => `| ${r.phase} | ${r.newReadyMs || '(restarted in place)'} | ${r.drainMs} | ${r.exitCode} | ${r.creates} | ${r.failed} | ${r.pushes} |`).join('\n');
    process.stdout.write(`\nRolling restart (${STEADY_MS} ms of load after each step; SHUTDOWN_TIMEOUT 20 s)\n${table}\n`
      + `failed requests: ${ledger.errors.map((e) => `${e.phase} ${e.request} ${e.outcome}`).join('; ') || 'none'}\n`);
    running.setPhase('drain');
    phaseStarts.push(['drain', Date.now()]);
    await running.drain(300_000);

    // Every accepted create is there exactly once; no create failed.
    const accepted = ledger.creates.filter((c) => c.identifier);
    const notOnce: string[] = [];
    for (const c of ledger.creates) {
      const res = await api.get(`/consignments?order_number=${encodeURIComponent(c.orderNumber)}`);
      if (res.status !== 200 || res.body.count !== 1) notOnce.push(`${c.orderNumber}: ${res.status} ${res.body?.count}`);
    }
    const missing = await eventually(() => (undelivered(rx.hooks, ledger.pushes).length === 0 ? [] : false), {
      what: 'a tracking update and a proof of delivery for every accepted push', timeoutMs: 120_000,
    }).catch(() => undelivered(rx.hooks, ledger.pushes));
    const repeats = repeatedEvents(rx.hooks, phaseStarts);
    const repeated = [...repeats.values()].reduce((a, b) => a + b, 0);

    process.stdout.write(`\ncreates ${ledger.creates.length}, accepted ${accepted.length}, not stored exactly once ${notOnce.length}; failed requests ${ledger.errors.length}`
      + ` (${ledger.errors.slice(0, 5).map((e) => `${e.phase} ${e.request} ${e.outcome}`).join('; ') || 'none'}); pushes accepted ${ledger.pushes.length},`
      + ` webhooks missing ${missing.length}; webhooks received ${rx.hooks.length}, events delivered more than once ${repeated}`
      + ` (${[...repeats].map(([p, n]) => `${p}: ${n}`).join(', ') || 'none'})\n`);

    expect(rows.map((r) => [r.phase, r.exitCode])).toEqual(rows.map((r) => [r.phase, 0]));
    expect({ failed: ledger.errors, notOnce, missing: missing.map((m) => m.identifier), repeated })
      .toEqual({ failed: [], notOnce: [], missing: [], repeated: 0 });
    expect(accepted.length).toBe(ledger.creates.length);
    expect(ledger.pushes.length).toBeGreaterThan(5 * rows.length);
  }, 1_800_000);
});
