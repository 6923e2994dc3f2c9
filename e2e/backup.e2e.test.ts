import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, ROOT } from '@waybill/testing';
import { availableModes, E2E_DATA_ENCRYPTION_KEY, startStack, type Mode, type Stack } from './support/stack';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { domesticConsignment } from './support/fixtures';

const ENV = { WEBHOOK_ALLOW_PRIVATE: '1' };

/** `waybill …` as an operator runs it, against one deployment's storage. */
function waybill(storage: Record<string, string>, ...args: string[]): Record<string, unknown> {
  const cli = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['infra/admin/src/main.ts', ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: 170_000, env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...storage },
  });
  if (cli.status !== 0) throw new Error(`waybill ${args.join(' ')} exited ${cli.status}: ${cli.stderr}`);
  return JSON.parse(cli.stdout);
}

/** What an integration reads back: consignments, their labels, webhook endpoints; reading at all proves the credentials. */
async function everything(stack: Stack): Promise<Record<string, unknown>> {
  const api = client(stack);
  const list = await api.get('/consignments?limit=1000');
  expect(list.status).toBe(200);
  const ids = (list.body.results as Array<{ identifier: string }>).map((c) => c.identifier).sort();
  // Labels first: reading them marks a consignment Printed, which the consignment read then shows.
  const labels = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}/documents?documenttype=application/x-zebra-zpl`)).body.labels));
  const consignments = await Promise.all(ids.map(async (id) => (await api.get(`/consignment/${id}`)).body));
  const endpoints = (await api.get('/webhooks/endpoints/')).body;
  const asUser = await api.get('/consignments', { auth: 'basic' });
  return { consignments, labels, endpoints, userSees: asUser.status };
}

describe.each(availableModes())('waybill backup and restore (%s)', (mode: Mode) => {
  const work = mkdtempSync(join(tmpdir(), 'waybill-backup-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backs up while running; a fresh instance restored from it serves the same consignments, labels, credentials and webhook endpoints', async () => {
    const original = await startStack(mode, ENV);
    const file = join(work, `${mode}.backup`);
    let before: Record<string, unknown>;
    try {
      const api = client(original);
      for (const ref of ['B-1', 'B-2']) await createConsignment(api, domesticConsignment({ order_number: ref, service_id: 'Generic Carrier|Generic Domestic Service GDOM' }));
      expect((await api.post('/webhooks/endpoints/', { url: 'http://127.0.0.1:9/hooks', description: 'backup' })).status).toBe(201);
      before = await everything(original);
      expect((before.consignments as unknown[]).length).toBe(2);
      const storage: Record<string, string> = mode === 'one-process' ? { DATA_DIR: original.dataDir! } : { DATABASE_URL: original.databaseUrl! };
      // While the services run: the embedded database is read through the running demo.
      const made = waybill(storage, 'backup', '--out', file);
      expect(made).toEqual({ backup: file, version: expect.any(String), through: mode === 'one-process' ? 'running demo' : 'database' });
      expect(statSync(file).size).toBeGreaterThan(0);
      expect(existsSync(`${file}.partial`)).toBe(false);
      // The backup holds secrets sealed, never the key: the operator keeps the key (the demo's file here) apart.
      if (original.dataDir) copyFileSync(join(original.dataDir, 'demo-credentials.json'), join(work, 'demo-credentials.json'));
    } finally {
      await original.stop();
    }

    let restored: Stack;
    if (mode === 'one-process') {
      const dataDir = mkdtempSync(join(work, 'restored-'));
      waybill({ DATA_DIR: dataDir }, 'restore', file);
      expect(existsSync(join(dataDir, 'demo-credentials.json'))).toBe(false);
      copyFileSync(join(work, 'demo-credentials.json'), join(dataDir, 'demo-credentials.json'));
      restored = await startStack(mode, ENV, { dataDir });
    } else {
      const database = await createTestDatabase();
      waybill({ DATABASE_URL: database.url!, DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY }, 'restore', file);
      restored = await startStack(mode, ENV, { database });
    }
    try {
      expect(await everything(restored)).toEqual(before);
    } finally {
      await restored.stop();
    }
  }, 600_000);
});
