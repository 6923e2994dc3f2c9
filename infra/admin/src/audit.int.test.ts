import { userInfo } from 'node:os';
import { openDatabase } from '@waybill/db';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { cliActor, recordCliChange } from './audit';

/** The waybill command's changes land in the gateway's audit log, named after the operating-system user. */
describe('recordCliChange', () => {
  let db: TestDatabase;
  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db.drop(); });

  it('records the change under cli:<os user>, without a client address', async () => {
    await recordCliChange(db.target, 'acme', 'carrier_account.deleted', 'acc_7');
    const gateway = openDatabase<any>(db.target, 'gateway');
    try {
      const rows = await gateway.db.selectFrom('audit_log').select(['company', 'actor', 'action', 'target', 'source_ip']).execute();
      expect(rows).toEqual([{ company: 'acme', actor: `cli:${userInfo().username}`, action: 'carrier_account.deleted', target: 'acc_7', source_ip: null }]);
      expect(cliActor()).toBe(`cli:${userInfo().username}`);
    } finally {
      await gateway.close();
    }
  });
});
