import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { availableModes, startStack, type Stack } from './support/stack';
import { ROOT } from './support/processes';
import { client } from './support/client';

/**
 * Issue 17.2: each service as its deploy unit (`make unit`), a folder holding its built code and only
 * its production dependencies, started with `node dist/main.js` from that folder against the real
 * servers, as its image runs it. Every process answers /readyz 200 and the API works through them.
 */
const SERVICES = ['gateway', ...SERVICE_CATALOGUE.map((s) => s.name)];
const DEV_ONLY = ['jest', 'tsx', 'typescript', 'vite', 'playwright-core', 'autocannon', '@swc/core', 'supertest', 'pdf-parse'];
const describeDistributed = availableModes().includes('distributed') ? describe : describe.skip;

describeDistributed('deploy units: every service from its own folder (distributed)', () => {
  let dir: string;
  let units: Record<string, string>;
  let stack: Stack;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waybill-units-'));
    units = {};
    for (const name of SERVICES) {
      units[name] = join(dir, name);
      execFileSync('bash', [join(ROOT, 'infra/build/unit.sh'), name, units[name]], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    }
    stack = await startStack('distributed', {}, { units });
  }, 900_000);
  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a unit holds its built entry and production dependencies, no sources and no development tools', () => {
    for (const name of SERVICES) {
      const unit = units[name];
      expect([name, existsSync(join(unit, 'dist', 'main.js')), existsSync(join(unit, 'src'))]).toEqual([name, true, false]);
      // .pnpm holds one folder per package version: `name@1.2.3`, `@scope+name@1.2.3_peer@4.5.6`.
      const installed = readdirSync(join(unit, 'node_modules', '.pnpm')).map((p) => p.split('@').slice(0, p.startsWith('@') ? 2 : 1).join('@').replace('+', '/'));
      expect([name, DEV_ONLY.filter((tool) => installed.includes(tool))]).toEqual([name, []]);
      expect(existsSync(join(unit, 'node_modules', '@waybill', 'testing'))).toBe(false);
    }
    expect(existsSync(join(units.gateway, 'console', 'index.html'))).toBe(true);
  });

  test('every process started from its unit is ready and says what it runs', async () => {
    for (const [name, url] of Object.entries(stack.processUrls!)) {
      const ready = await fetch(`${url}/readyz`);
      expect([name, ready.status]).toEqual([name, 200]);
      const health = await (await fetch(`${url}/healthz`)).json();
      expect(health).toEqual(expect.objectContaining({ status: 'ok', service: name, version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version, commit: expect.stringMatching(/^[0-9a-f]{12}/) }));
    }
  });

  test('the API answers through the gateway and the services of the units', async () => {
    const api = client(stack);
    const carriers = await api.get('/carriers');
    expect(carriers.status).toBe(200);
    const console = await fetch(`${stack.baseUrl}/console/`);
    expect(console.status).toBe(200);
  });
});
