import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, ROOT, type TestDatabase } from '@waybill/testing';
import { isContractMigration, migrateUpTo } from '@waybill/db';
import { migrateAll, onSchema, pendingAll, SERVICE_MIGRATIONS } from './migrate';

/** The consignment schema's last migration in release 0.1.0. */
const PREVIOUS_RELEASE_LAST = '20261126030000_carrier_account';

/** `waybill migrate --check`: what a rollout would apply, without applying it; exit 1 while something is pending. */
describe('waybill migrate --check', () => {
  let db: TestDatabase;

  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db.drop(); });

  function check(): { status: number | null; pending: Record<string, string[]>; contract: Record<string, string[]> } {
    const cli = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['infra/admin/src/main.ts', '--database-url', db.url!, 'migrate', '--check'], {
      cwd: ROOT, encoding: 'utf8', timeout: 170_000,
    });
    if (!cli.stdout) throw new Error(`waybill migrate --check printed nothing (exit ${cli.status}): ${cli.stderr}`);
    const { pending, contract } = JSON.parse(cli.stdout);
    return { status: cli.status, pending, contract };
  }

  it('lists every schema\'s migrations on an empty database and changes nothing, then nothing once migrated', async () => {
    const of = (keep: (name: string) => boolean) => Object.fromEntries(SERVICE_MIGRATIONS
      .map(({ schema, migrations }) => [schema, Object.keys(migrations).sort().filter(keep)] as const).filter(([, names]) => names.length > 0));
    const expand = of((n) => !isContractMigration(n));
    const contract = of(isContractMigration);
    expect(Object.keys(expand)).toEqual(expect.arrayContaining(['gateway', 'consignment', 'tracking']));
    expect(Object.keys(contract)).toEqual(expect.arrayContaining(['consignment', 'tracking']));
    expect(await pendingAll(db.target)).toEqual({ pending: expand, contract });
    // Checking twice finds the same: the check created nothing.
    expect(await pendingAll(db.target)).toEqual({ pending: expand, contract });
    if (db.url) expect(check()).toEqual({ status: 1, pending: expand, contract });

    // A new database has no older release using it: everything is applied, contract migrations included.
    await migrateAll(db.target);
    expect(await pendingAll(db.target)).toEqual({ pending: {}, contract: {} });
    if (db.url) expect(check()).toEqual({ status: 0, pending: {}, contract: {} });
  }, 400_000);

  it('leaves a contract migration for --contract on a database the previous release runs on, and the check passes meanwhile', async () => {
    const previous = await createTestDatabase();
    try {
      // The previous release's schema: every migration but this release's (the ones the contract ones follow).
      const consignment = SERVICE_MIGRATIONS.find((s) => s.schema === 'consignment')!;
      const names = Object.keys(consignment.migrations).sort();
      await onSchema(previous.target, 'consignment', (d) => migrateUpTo(d, 'consignment', consignment.migrations, PREVIOUS_RELEASE_LAST));
      await migrateAll(previous.target);
      const after = await pendingAll(previous.target);
      expect(after).toEqual({ pending: {}, contract: { consignment: names.filter(isContractMigration) } });
      await migrateAll(previous.target, { contract: true });
      expect(await pendingAll(previous.target)).toEqual({ pending: {}, contract: {} });
    } finally {
      await previous.drop();
    }
  }, 400_000);
});
