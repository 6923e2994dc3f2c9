import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { migrateToLatest, openDatabase, sql, type Database } from '@waybill/db';
import type { ConsignmentDb } from '../database';
import { migrations } from '../migrations';
import { SCHEMA } from '../service';
import { listPage, numberCommitted, type ListFilter } from './consignment.list.repository';
import type { ConsignmentStatus } from './consignment.status';

const table = sql.id(SCHEMA, 'consignments');
// Spread over several 4096-wide blocks of seq, with block edges on both sides.
const SEQS = [1, 2, 3, 4094, 4095, 4096, 4097, 8191, 8192, 8193, 12_000, 20_480, 20_481, 40_000, 40_001, 99_999];

describe('list count: matches from this page on, over counted blocks', () => {
  let tdb: TestDatabase;
  let database: Database<ConsignmentDb>;
  let db: Database<ConsignmentDb>['db'];

  /** Rows as a create leaves them; after the list-order migration they wait unnumbered until `numberCommitted`. */
  async function insert(company: string, seqs: number[], status: ConsignmentStatus): Promise<void> {
    const rows = seqs.map((seq) => sql`(${seq}, ${`${company}-${seq}`}, ${company}, ${`ORD-${seq % 3}`}, ${status}, 'w', '{}'::jsonb)`);
    await sql`insert into ${table} (seq, identifier, company, order_number, status, warehouse_id, data)
      overriding system value values ${sql.join(rows)}`.execute(db);
  }

  /** Numbered as a list would number them; the tests then use list numbers as cursors. */
  async function insertListed(company: string, seqs: number[], status: ConsignmentStatus): Promise<void> {
    await insert(company, seqs, status);
    await numberCommitted(db, company);
  }

  async function bruteForce(f: ListFilter): Promise<number> {
    let q = db.selectFrom('consignments').where('company', '=', f.company).where('list_seq', '>', f.afterSeq ?? 0);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.orderNumber) q = q.where('order_number', '=', f.orderNumber);
    return Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  }

  /** Every cursor position, with and without each status filter, against a plain count. */
  async function expectExactCounts(company: string): Promise<void> {
    const cursors = [null, ...SEQS, 4, 8190, 45_000, 250_000];
    for (const status of [undefined, 'Unallocated', 'Allocated', 'Cancelled'] as const) {
      for (const afterSeq of cursors) {
        const f: ListFilter = { company, afterSeq, status };
        expect({ afterSeq, status, count: (await listPage(db, f, 10)).count }).toEqual({ afterSeq, status, count: await bruteForce(f) });
      }
    }
  }

  beforeAll(async () => {
    tdb = await createTestDatabase();
    database = openDatabase<ConsignmentDb>(tdb.target, SCHEMA);
    db = database.db;
    // Rows written before the counts existed must be counted too (the migration backfills them).
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '20261122020000_consignment_counts'));
    await migrateToLatest(db, SCHEMA, before);
    await insert('acme', SEQS.slice(0, 8), 'Unallocated');
    await migrateToLatest(db, SCHEMA, migrations);
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it('counts rows from before the migration and rows inserted since, per company', async () => {
    await insertListed('acme', SEQS.slice(8, 12), 'Unallocated');
    await insertListed('acme', SEQS.slice(12), 'Allocated');
    await insertListed('other', [5, 4100, 50_000], 'Unallocated');
    await expectExactCounts('acme');
    await expectExactCounts('other');
  });

  it('stays exact through status changes, updates that keep the status, and deletes', async () => {
    await db.updateTable('consignments').set({ status: 'Cancelled' }).where('seq', 'in', [2, 4096, 20_481, 99_999]).execute();
    await db.updateTable('consignments').set({ order_number: 'ORD-x' }).where('seq', 'in', [3, 8192]).execute();
    await db.updateTable('consignments').set({ status: 'Allocated' }).where('seq', '=', 2).execute();
    await db.deleteFrom('consignments').where('seq', 'in', [4095, 40_000]).execute();
    await expectExactCounts('acme');
    await expectExactCounts('other');
  });

  it('stays exact with concurrent writers of one company', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => insertListed('acme', [200_000 + i * 1000, 200_001 + i * 1000], i % 2 ? 'Allocated' : 'Unallocated')));
    await expectExactCounts('acme');
    expect((await listPage(db, { company: 'acme', afterSeq: null }, 10)).count).toBe(await bruteForce({ company: 'acme', afterSeq: null }));
  });

  it('counts an order-number filter directly', async () => {
    const f: ListFilter = { company: 'acme', afterSeq: 4096, orderNumber: 'ORD-1' };
    expect((await listPage(db, f, 10)).count).toBe(await bruteForce(f));
  });

  it('lists a row only once numbered, and numbers in commit order, so a cursor never skips a late commit', async () => {
    const listed = async () => (await db.selectFrom('consignments').select(['seq', 'list_seq']).where('company', '=', 'late')
      .orderBy('list_seq').execute()).map((r) => [Number(r.seq), r.list_seq === null ? null : Number(r.list_seq)]);
    // seq 11 commits first; seq 10 (an earlier insert) is still in flight.
    await insert('late', [11], 'Unallocated');
    expect((await listPage(db, { company: 'late', afterSeq: null }, 10)).rows).toEqual([]);
    await numberCommitted(db, 'late');
    const first = await listPage(db, { company: 'late', afterSeq: null }, 10);
    expect(first.rows.map((r) => Number(r.seq))).toEqual([11]);
    await insert('late', [10, 12], 'Unallocated');
    await numberCommitted(db, 'late');
    // The late row comes after the cursor of the page already read, so a client paging on sees it.
    const next = await listPage(db, { company: 'late', afterSeq: Number(first.rows[0].list_seq) }, 10);
    expect(next.rows.map((r) => Number(r.seq))).toEqual([10, 12]);
    expect(next.count).toBe(2);
    expect(await listed()).toEqual([[11, 1], [10, 2], [12, 3]]);
  });

  it('gives each row one number when lists of one company race', async () => {
    await insert('race', Array.from({ length: 50 }, (_, i) => 300_000 + i), 'Unallocated');
    await Promise.all(Array.from({ length: 8 }, () => numberCommitted(db, 'race')));
    const rows = await db.selectFrom('consignments').select(['seq', 'list_seq']).where('company', '=', 'race').orderBy('seq').execute();
    expect(rows.map((r) => Number(r.list_seq))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
