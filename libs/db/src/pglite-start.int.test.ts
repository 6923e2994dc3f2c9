import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, PGLITE_START_PARAMS } from './index';

/** WebAssembly as far as this test needs it (the project's type libraries do not declare it). */
type MemoryConstructor = new (descriptor: { initial: number; maximum?: number }) => object;
const wasm = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly;

/** Counts the WebAssembly heaps created in this process while `fn` runs (each Postgres instance makes one). */
async function heapsCreatedDuring<T>(fn: () => Promise<T>): Promise<{ result: T; heaps: number }> {
  const Original = wasm.Memory;
  let heaps = 0;
  wasm.Memory = class extends Original {
    constructor(descriptor: { initial: number; maximum?: number }) {
      super(descriptor);
      heaps += 1;
    }
  };
  try {
    return { result: await fn(), heaps };
  } finally {
    wasm.Memory = Original;
  }
}

const setting = async (pg: Awaited<ReturnType<typeof openPglite>>, name: string) =>
  (await pg.query<{ setting: string }>('select current_setting($1) as setting', [name])).rows[0].setting;

describe('embedded Postgres (PGlite) start', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'waybill-pglite-start-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps PGlite\'s own start parameters and only lowers shared_buffers', () => {
    expect(PGLITE_START_PARAMS.slice(-2)).toEqual(['-c', 'shared_buffers=16MB']);
    expect(PGLITE_START_PARAMS).toEqual(expect.arrayContaining(['--single', '-c', 'search_path=public']));
  });

  it('initialises a new data directory outside this process, and the data survives a reopen', async () => {
    const pgdata = join(dir, 'pgdata');
    const { result: pg, heaps } = await heapsCreatedDuring(() => openPglite(pgdata));
    // In-process initdb would add a throwaway instance and initdb's own heap: three in all.
    expect(heaps).toBe(1);
    expect(await setting(pg, 'shared_buffers')).toBe('16MB');
    await pg.exec('create table kept (id int primary key, name text)');
    await pg.query('insert into kept values ($1, $2)', [1, 'after restart']);
    await pg.close();

    const again = await openPglite(pgdata);
    expect((await again.query('select name from kept where id = 1')).rows).toEqual([{ name: 'after restart' }]);
    expect(await setting(again, 'shared_buffers')).toBe('16MB');
    await again.close();
  });

  it('applies the start parameters over what the directory\'s postgresql.conf says', async () => {
    // initdb wrote its default; directories made before this setting existed hold the same line.
    expect(readFileSync(join(dir, 'pgdata', 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
    const pg = await openPglite(join(dir, 'pgdata'));
    expect(await setting(pg, 'shared_buffers')).toBe('16MB');
    await pg.close();
  });

  it('starts an in-memory instance (the tests\' database) with the same parameters', async () => {
    const pg = await openPglite();
    expect(await setting(pg, 'shared_buffers')).toBe('16MB');
    expect(await setting(pg, 'fsync')).toBe('off');
    await pg.close();
  });
});
