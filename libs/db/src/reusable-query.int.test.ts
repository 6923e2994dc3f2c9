import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { migrateToLatest, openDatabase, reusableQuery, type Migration } from './index';

interface DB { widgets: { id: number; name: string; colour: string } }

const migrations: Record<string, Migration> = {
  '20260101000000_widgets': {
    async up(db) {
      await db.schema.createTable('widgets').addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull()).addColumn('colour', 'text', (c) => c.notNull()).execute();
    },
  },
};

describe('reusable query', () => {
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await createTestDatabase(); });
  afterAll(async () => { await tdb.drop(); });

  it('builds once per database, in the service schema, and runs with each call\'s values and its fixed ones', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_reuse');
    await migrateToLatest(d.db, 'svc_reuse', migrations);
    await d.db.insertInto('widgets').values([{ id: 1, name: 'a', colour: 'red' }, { id: 2, name: 'b', colour: 'red' }, { id: 3, name: 'c', colour: 'blue' }]).execute();
    let builds = 0;
    const byName = reusableQuery((db: typeof d.db, p) => {
      builds += 1;
      return db.selectFrom('widgets').select(['id', 'name']).where('name', '=', p('name')).where('colour', '=', 'red').where('id', '>', p<number>('above'));
    });
    expect(await byName(d.db, { name: 'a', above: 0 })).toEqual([{ id: 1, name: 'a' }]);
    expect(await byName(d.db, { name: 'b', above: 0 })).toEqual([{ id: 2, name: 'b' }]);
    expect(await byName(d.db, { name: 'c', above: 0 })).toEqual([]);
    expect(await byName(d.db, { name: 'b', above: 2 })).toEqual([]);
    expect(builds).toBe(1);
    await expect(byName(d.db, { name: 'a' })).rejects.toThrow('no value for parameter "above"');
    await d.close();
  });
});
