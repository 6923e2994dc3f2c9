import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, ROOT, type TestDatabase } from '@waybill/testing';
import { migrateAll, pendingAll, SERVICE_MIGRATIONS } from './migrate';

/** `waybill migrate --check`: what a rollout would apply, without applying it; exit 1 while something is pending. */
describe('waybill migrate --check', () => {
  let db: TestDatabase;

  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db.drop(); });

  function check(): { status: number | null; pending: Record<string, string[]> } {
    const cli = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['infra/admin/src/main.ts', '--database-url', db.url!, 'migrate', '--check'], {
      cwd: ROOT, encoding: 'utf8', timeout: 170_000,
    });
    if (!cli.stdout) throw new Error(`waybill migrate --check printed nothing (exit ${cli.status}): ${cli.stderr}`);
    return { status: cli.status, pending: JSON.parse(cli.stdout).pending };
  }

  it('lists every schema\'s migrations on an empty database and changes nothing, then nothing once migrated', async () => {
    const everything = Object.fromEntries(SERVICE_MIGRATIONS.map(({ schema, migrations }) => [schema, Object.keys(migrations).sort()]));
    expect(Object.keys(everything)).toEqual(expect.arrayContaining(['gateway', 'consignment', 'tracking']));
    expect(await pendingAll(db.target)).toEqual(everything);
    // Checking twice finds the same: the check created nothing.
    expect(await pendingAll(db.target)).toEqual(everything);
    if (db.url) expect(check()).toEqual({ status: 1, pending: everything });

    await migrateAll(db.target);
    expect(await pendingAll(db.target)).toEqual({});
    if (db.url) expect(check()).toEqual({ status: 0, pending: {} });
  }, 400_000);
});
