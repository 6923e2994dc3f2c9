import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, deleteRedisKeys, deleteStackQueues, eventually, freePort, type TestDatabase } from '@waybill/testing';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { DEMO, E2E_DATA_ENCRYPTION_KEY, type Stack } from '../support/stack';
import { ROOT, builtEntry, startProcess, waitForReady, type Proc } from '../support/processes';
import { client } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { webhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { buildRelease, previousRelease, releaseCli, servicesOf, type BuiltRelease } from './support/release';
import { steadyLoad } from './support/load';
import { repeatedEvents, undelivered } from './support/verify';

/**
 * Upgrade drill (`make drills`): the previous release (the newest entry of CHANGELOG.md, built from its tag
 * in a temporary worktree) runs with data and under the steady load of creates, carrier pushes and the
 * webhooks they cause; then this build's migrations run while it serves; then every process is replaced by
 * this build's, one at a time, as a rolling update does (a service's new process on its spare address, then
 * SIGTERM to the old one; each gateway stopped and started again while the client uses the other).
 * Target: no request failed, no consignment or event lost, each webhook delivered once. Then the embedded
 * mode: the previous release's demo with data, stopped, and this build started on the same DATA_DIR.
 */
const STEADY_MS = Number(process.env.DRILL_STEADY_MS ?? 2000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CURRENT_VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const DEMO_ENV = {
  DEMO_COMPANY_SLUG: DEMO.company, DEMO_API_TOKEN: DEMO.apiToken, DEMO_USER: DEMO.user, DEMO_PASSWORD: DEMO.password,
  DEMO_DELIVERY_OPTIONS_KEY: DEMO.deliveryOptionsKey, DEMO_CARRIER_SECRET: DEMO.carrierSecret,
};

interface Slot { name: string; portVar: string; urls: string[]; proc?: Proc; release: 'previous' | 'current' }
interface Step { step: string; newReadyMs: number; drainMs: number; exitCode: number | null; creates: number; failed: number; pushes: number }

/** The release a gateway runs: `GET /version`, or `/healthz` for a release from before `/version` existed. */
async function versionAt(base: string): Promise<string> {
  const res = await fetch(`${base}/version`);
  if (res.status === 200) return ((await res.json()) as { version: string }).version;
  return ((await (await fetch(`${base}/healthz`)).json()) as { version: string }).version;
}

describe('upgrade from the previous release', () => {
  let release: BuiltRelease;
  beforeAll(async () => {
    release = await buildRelease(await previousRelease());
  }, 900_000);
  afterAll(async () => {
    await release?.remove();
  }, 120_000);

  describe('distributed: migrations under load, then a rolling replacement by this build', () => {
    let db: TestDatabase;
    let rx: WebhookReceiver;
    const slots: Slot[] = [];
    let namespace = '';

    afterAll(async () => {
      await Promise.all(slots.map((s) => s.proc?.stop()));
      await rx?.close();
      if (namespace) {
        await deleteStackQueues(process.env.AMQP_URL!, namespace).catch(() => undefined);
        await deleteRedisKeys(process.env.REDIS_URL!, `waybill-${namespace}`).catch(() => undefined);
      }
      await db?.drop();
    }, 300_000);

    it('fails no request, loses no consignment or event, and delivers each webhook once', async () => {
      db = await createTestDatabase();
      namespace = new URL(db.url!).pathname.slice(1);
      const previous = servicesOf(release);
      // Every service of either release, each with its address and a spare one (a rolling update's second process).
      const names = [...new Set([...previous.map((s) => s.name), ...SERVICE_CATALOGUE.map((s) => s.name)])];
      for (const name of names) {
        const entry = SERVICE_CATALOGUE.find((s) => s.name === name) ?? previous.find((s) => s.name === name)!;
        const urls = [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`];
        slots.push({ name, portVar: entry.portVar, urls, release: previous.some((s) => s.name === name) ? 'previous' : 'current' });
      }
      const gateways: Slot[] = [];
      for (const name of ['gateway', 'gateway#2']) gateways.push({ name, portVar: 'PORT', urls: [`http://127.0.0.1:${await freePort()}`], release: 'previous' });
      const urlVars = Object.fromEntries(slots.map((s) => [(SERVICE_CATALOGUE.find((c) => c.name === s.name) ?? previous.find((c) => c.name === s.name)!).urlVar, s.urls.join(',')]));
      const common: Record<string, string> = {
        DATABASE_URL: db.url!, AMQP_URL: process.env.AMQP_URL!, REDIS_URL: process.env.REDIS_URL!, WAYBILL_NAMESPACE: namespace,
        INTERNAL_JWT_SECRET: 'drill-internal-secret', HOST: '127.0.0.1', PUBLIC_BASE_URL: '', DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY,
        WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT: '5s', SHUTDOWN_TIMEOUT: '20', ...urlVars,
      };
      const entryOf = (name: string, which: 'previous' | 'current') => (which === 'previous'
        ? { entry: join(release.root, 'services', name, 'dist', 'main.js'), cwd: release.root }
        : { entry: builtEntry(`services/${name}`), cwd: ROOT });
      const start = (slot: Slot, which: 'previous' | 'current', url: string): Proc => {
        const { entry, cwd } = entryOf(slot.name.replace(/#\d+$/, ''), which);
        return startProcess(`${slot.name} (${which === 'previous' ? release.version : CURRENT_VERSION})`, entry, { ...common, [slot.portVar]: new URL(url).port }, cwd);
      };

      // The previous release: its own migrations and demo company, then its processes.
      await releaseCli(release.root, ['migrate'], common);
      await releaseCli(release.root, ['seed'], { ...common, ...DEMO_ENV });
      for (const s of [...slots.filter((x) => x.release === 'previous'), ...gateways]) s.proc = start(s, 'previous', s.urls[0]);
      const running = () => [...slots, ...gateways].filter((s) => s.proc);
      await Promise.all(running().map((s) => waitForReady(`${s.urls[0]}/readyz`, running().map((x) => x.proc!))));
      const bases = gateways.map((g) => g.urls[0]);
      expect(await Promise.all(bases.map(versionAt))).toEqual([release.version, release.version]);

      const stack = { mode: 'distributed', baseUrl: bases[0], creds: DEMO, procs: [] } as unknown as Stack;
      const api = client(stack);
      rx = await webhookReceiver();
      const endpoint = await api.post('/webhooks/endpoints/', { url: rx.url, description: 'upgrade drill' });
      expect(endpoint.status).toBe(201);
      rx.verifyOnArrival(endpoint.body.secret);
      const load = steadyLoad(stack, { createEveryMs: 300, pushEveryMs: 100, pushers: 4, gateways: bases });
      const { ledger } = load;
      const phaseStarts: Array<[string, number]> = [];
      const steps: Step[] = [];
      const step = async (name: string, act: () => Promise<Omit<Step, 'step' | 'creates' | 'failed' | 'pushes'>>) => {
        const before = { creates: ledger.creates.length, failed: ledger.errors.length, pushes: ledger.pushes.length };
        load.setPhase(name);
        phaseStarts.push([name, Date.now()]);
        const figures = await act();
        await sleep(STEADY_MS);
        steps.push({ step: name, ...figures, creates: ledger.creates.length - before.creates, failed: ledger.errors.length - before.failed, pushes: ledger.pushes.length - before.pushes });
      };
      try {
        await sleep(STEADY_MS);
        // This build's migrations, while the previous release serves on the schema they change.
        await step(`migrate to ${CURRENT_VERSION}`, async () => {
          const t = Date.now();
          await releaseCli(ROOT, ['migrate'], common);
          return { newReadyMs: Date.now() - t, drainMs: 0, exitCode: 0 };
        });
        // Nothing left to expand; contract migrations, if this release has any, wait for the end of the rollout.
        expect(JSON.parse(await releaseCli(ROOT, ['migrate', '--check'], common)).pending).toEqual({});
        // Services the previous release did not have start first, so every new process finds them.
        for (const s of slots.filter((x) => x.release === 'current')) {
          await step(`start ${s.name}`, async () => {
            const t = Date.now();
            s.proc = start(s, 'current', s.urls[0]);
            await waitForReady(`${s.urls[0]}/readyz`, [s.proc]);
            return { newReadyMs: Date.now() - t, drainMs: 0, exitCode: 0 };
          });
        }
        // Each service of the previous release: this build's process on the spare address, then the old one
        // drains. Carrier-link first: this build's services reach every carrier through it (docs/operations.md).
        const order = (s: Slot) => (s.name === 'carrier-link' ? 0 : 1);
        for (const s of slots.filter((x) => x.release === 'previous').sort((a, b) => order(a) - order(b))) {
          await step(`replace ${s.name}`, async () => {
            const t = Date.now();
            const next = start(s, 'current', s.urls[1]);
            await waitForReady(`${s.urls[1]}/readyz`, [next]);
            const newReadyMs = Date.now() - t;
            const old = s.proc!;
            const sigterm = Date.now();
            await old.stop('SIGTERM');
            s.proc = next;
            s.urls.reverse();
            return { newReadyMs, drainMs: Date.now() - sigterm, exitCode: old.child.exitCode };
          });
        }
        // Each gateway in place: the client moves to the other one while it restarts.
        for (const g of gateways) {
          await step(`replace ${g.name}`, async () => {
            const old = g.proc!;
            const sigterm = Date.now();
            await old.stop('SIGTERM');
            const drainMs = Date.now() - sigterm;
            const t = Date.now();
            g.proc = start(g, 'current', g.urls[0]);
            await waitForReady(`${g.urls[0]}/readyz`, [g.proc]);
            return { newReadyMs: Date.now() - t, drainMs, exitCode: old.child.exitCode };
          });
        }
        // No process of the previous release is left: the contract migrations drop what only it used.
        await step('migrate --contract', async () => {
          const t = Date.now();
          await releaseCli(ROOT, ['migrate', '--contract'], common);
          return { newReadyMs: Date.now() - t, drainMs: 0, exitCode: 0 };
        });
        const check = JSON.parse(await releaseCli(ROOT, ['migrate', '--check'], common));
        expect(check).toEqual({ pending: {}, contract: {} });
        load.setPhase('drain');
        phaseStarts.push(['drain', Date.now()]);
        await load.drain(300_000);
      } finally {
        await load.stop();
      }

      const notOnce: string[] = [];
      for (const c of ledger.creates) {
        const res = await api.get(`/consignments?order_number=${encodeURIComponent(c.orderNumber)}`);
        if (res.status === 200 && res.body.count === 1) continue;
        // Listed not once: what reading it by its identifier answers says whether it was lost or only not listed.
        const read = c.identifier ? await api.get(`/consignment/${c.identifier}`) : undefined;
        notOnce.push(`${c.orderNumber} (${c.phase}): listed ${res.status} ${res.body?.count}, read ${read?.status} ${read?.body?.order_number ?? read?.body?.detail ?? ''}`);
      }
      const notDelivered: string[] = [];
      for (const p of ledger.pushes) {
        const res = await api.get(`/consignment/${p.identifier}`);
        if (res.body?.current_status?.status !== 'Delivered') notDelivered.push(`${p.identifier} (${p.phase}): ${res.status} ${res.body?.current_status?.status}`);
      }
      const missing = await eventually(() => (undelivered(rx.hooks, ledger.pushes).length === 0 ? [] : false), {
        what: 'a tracking update and a proof of delivery for every accepted push', timeoutMs: 120_000,
      }).catch(() => undelivered(rx.hooks, ledger.pushes));
      const repeats = repeatedEvents(rx.hooks, phaseStarts);
      const repeated = [...repeats.values()].reduce((a, b) => a + b, 0);
      const unverified = rx.hooks.filter((h) => h.verified !== true).length;

      process.stdout.write(`\nUpgrade ${release.version} (${release.rev}) → ${CURRENT_VERSION} under load (${STEADY_MS} ms of load after each step)\n`
        + '| step | new process ready after ms | old one drained and exited after ms | exit code | creates sent | failed requests | pushes accepted |\n'
        + '|---|---:|---:|---:|---:|---:|---:|\n'
        + steps.map((r) => `| ${r.step} | ${r.newReadyMs} | ${r.drainMs} | ${r.exitCode} | ${r.creates} | ${r.failed} | ${r.pushes} |`).join('\n')
        + `\ncreates ${ledger.creates.length}, not stored exactly once ${notOnce.length}; failed requests ${ledger.errors.length}`
        + ` (${ledger.errors.slice(0, 5).map((e) => `${e.phase} ${e.request} ${e.outcome}`).join('; ') || 'none'}); pushes accepted ${ledger.pushes.length},`
        + ` not applied ${notDelivered.length}, webhooks missing ${missing.length}; webhooks received ${rx.hooks.length}, unverified ${unverified},`
        + ` delivered more than once ${repeated} (${[...repeats].map(([p, n]) => `${p}: ${n}`).join(', ') || 'none'})\n`);

      expect(await Promise.all(bases.map(versionAt))).toEqual([CURRENT_VERSION, CURRENT_VERSION]);
      expect(steps.map((r) => [r.step, r.exitCode])).toEqual(steps.map((r) => [r.step, 0]));
      expect({ failed: ledger.errors, notOnce, notDelivered, missing: missing.map((m) => m.identifier), repeated, unverified })
        .toEqual({ failed: [], notOnce: [], notDelivered: [], missing: [], repeated: 0, unverified: 0 });
      expect(ledger.pushes.length).toBeGreaterThan(2 * steps.length);
    }, 1_800_000);
  });

  describe('one-process: stopped, upgraded and started on the same DATA_DIR', () => {
    let dataDir = '';
    let proc: Proc | undefined;
    afterAll(async () => {
      await proc?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('serves the same consignments, labels, tracking and webhook endpoints after the upgrade, and takes new ones', async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'waybill-upgrade-'));
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const env = { ...DEMO_ENV, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', WEBHOOK_ALLOW_PRIVATE: '1' };
      proc = startProcess(`waybill (${release.version})`, join(release.root, 'infra', 'standalone', 'dist', 'main.js'), env, release.root);
      await waitForReady(`${baseUrl}/readyz`, [proc]);
      expect(await versionAt(baseUrl)).toBe(release.version);
      const api = client({ mode: 'one-process', baseUrl, creds: DEMO, procs: [] } as unknown as Stack);

      const created = await api.post('/consignments', [1, 2, 3].map((n) => domesticConsignment({ order_number: `UPGRADE-${n}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM' })));
      expect(created.body.errors).toEqual({});
      const ids = created.body.success as string[];
      const labels = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}/documents`)).body));
      const before = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}`)).body));
      const endpoint = await api.post('/webhooks/endpoints/', { url: 'http://127.0.0.1:9/hooks', description: 'kept across the upgrade' });
      expect([endpoint.status, endpoint.body.detail]).toEqual([201, undefined]);
      await proc.stop('SIGTERM');
      expect(proc.child.exitCode).toBe(0);

      proc = startProcess(`waybill (${CURRENT_VERSION})`, builtEntry('infra/standalone'), env);
      await waitForReady(`${baseUrl}/readyz`, [proc]);
      expect(await versionAt(baseUrl)).toBe(CURRENT_VERSION);
      const after = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}`)).body));
      expect(after.map((c) => [c.identifier, c.order_number, c.current_status?.status, c.packages?.[0]?.tracking_number]))
        .toEqual(before.map((c) => [c.identifier, c.order_number, c.current_status?.status, c.packages?.[0]?.tracking_number]));
      expect(await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}/documents`)).body))).toEqual(labels);
      const hooks = await api.get('/webhooks/endpoints/');
      expect(JSON.stringify(hooks.body)).toContain('http://127.0.0.1:9/hooks');
      const fresh = await api.post('/consignments', [domesticConsignment({ order_number: 'UPGRADE-AFTER', service_id: 'Generic Carrier|Generic Domestic Service GDOM' })]);
      expect(fresh.body.errors).toEqual({});
      expect((await api.get(`/consignment/${fresh.body.success[0]}/documents`)).status).toBe(200);
    }, 600_000);
  });
});
