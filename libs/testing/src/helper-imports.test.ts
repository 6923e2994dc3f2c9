import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './processes';

interface Source { file: string; text: string }

/** Every TypeScript file under a folder of the repository (no node_modules, no dist). */
function sources(folder: string): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push({ file: path, text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(ROOT, folder));
  return out;
}

/** `file: specifier` for each relative import of `file` that lands in the folder `into`. */
function importsInto(files: Source[], into: string): string[] {
  const target = join(ROOT, into);
  return files.flatMap(({ file, text }) => [...text.matchAll(/(?:from|import|require\()\s*['"](\.[^'"]+)['"]/g)]
    .map((m) => m[1])
    .filter((spec) => resolve(dirname(file), spec).startsWith(`${target}/`))
    .map((spec) => `${relative(ROOT, file)}: ${spec}`));
}

describe('test helpers: e2e/ and bench/ share only through libs/testing', () => {
  it('no e2e file imports from bench/', () => {
    expect(importsInto(sources('e2e'), 'bench')).toEqual([]);
  });

  it('no bench file imports from e2e/', () => {
    expect(importsInto(sources('bench'), 'e2e')).toEqual([]);
  });

  it('finds such an import, and not a package import or a sibling folder', () => {
    const file = join(ROOT, 'e2e', 'attack', 'x.e2e.test.ts');
    const text = "import { a } from '../../bench/lib/y';\nimport { b } from '@waybill/testing';\nimport { c } from '../support/z';";
    expect(importsInto([{ file, text }], 'bench')).toEqual(['e2e/attack/x.e2e.test.ts: ../../bench/lib/y']);
  });
});
