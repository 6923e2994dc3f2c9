import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packages';

/** Every package.json of the workspace: the root's and each package folder's (pnpm-workspace.yaml's globs). */
function manifests(): string[] {
  const folders = ['libs', 'services', 'infra'].flatMap((top) => readdirSync(join(ROOT, top)).map((d) => join(top, d)));
  return ['.', 'contracts', 'bench', ...folders].map((d) => join(ROOT, d, 'package.json')).filter((f) => existsSync(f));
}

describe('the licence', () => {
  it('is Apache-2.0, in LICENSE at the root', () => {
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0/);
  });

  it('is named in every package.json of the workspace, the root included', () => {
    const all = manifests();
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((f) => JSON.parse(readFileSync(f, 'utf8')).license !== 'Apache-2.0')).toEqual([]);
  });
});
