import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '@waybill/db';
import { seedDemo, type DemoCredentials } from '@waybill/admin';
import { stackTemplate } from './broker-client';
import { DEMO, startStack, type Mode, type Stack } from './stack';

/** A second tenant, seeded like the demo company, to prove one company never reaches another's data. */
export const OTHER: DemoCredentials = { ...DEMO, company: 'other-co', apiToken: 'e2e-other-token-0123456789', user: 'other', deliveryOptionsKey: 'e2e-other-do-key-0123' };

/** A stack that also holds OTHER: through the admin functions in distributed mode, before start in one process. */
export async function stackWithTwoCompanies(mode: Mode, env: Record<string, string>): Promise<{ stack: Stack; cleanup: () => void }> {
  if (mode === 'distributed') {
    const stack = await startStack(mode, env);
    await seedDemo({ kind: 'pg', url: stack.databaseUrl! }, OTHER);
    return { stack, cleanup: () => undefined };
  }
  // The demo owns its embedded database while it runs, so the other company is seeded before it starts.
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-e2e-tenants-'));
  const template = await stackTemplate(mode);
  if (template.dataDir) cpSync(template.dataDir, dataDir, { recursive: true });
  const pg = await openPglite(join(dataDir, 'pgdata'));
  await seedDemo({ kind: 'pglite', instance: pg }, OTHER);
  await pg.close();
  return { stack: await startStack(mode, { ...env, DATA_DIR: dataDir }), cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
