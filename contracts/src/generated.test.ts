import path from 'node:path';

// json-schema-to-typescript loads prettier's main entry, whose dynamic import jest cannot run.
// The generator formats with prettier's standalone build instead, so that entry is never called.
const jsttDir = path.dirname(require.resolve('json-schema-to-typescript/package.json'));
jest.doMock(require.resolve('prettier', { paths: [jsttDir] }), () => ({}));

describe('generated TypeScript types', () => {
  it('match the JSON schemas', async () => {
    const { findStaleTypeFiles } = await import('../scripts/typegen');
    const stale = await findStaleTypeFiles();
    if (stale.length) {
      throw new Error(`contracts/${stale.join(', contracts/')} out of date with the schemas: run \`pnpm contracts:generate\``);
    }
  });
});
