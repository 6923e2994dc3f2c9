import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packages';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;

function manifests(): string[] {
  const folders = ['libs', 'services', 'infra'].flatMap((top) => readdirSync(join(ROOT, top)).map((d) => join(top, d)));
  return ['.', 'contracts', 'bench', ...folders].map((d) => join(ROOT, d, 'package.json')).filter((f) => existsSync(f));
}

describe('the release', () => {
  const release = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

  it('is a semantic version, and every package of the workspace carries it (GET /version reads a package\'s)', () => {
    expect(release).toMatch(SEMVER);
    const all = manifests();
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((f) => JSON.parse(readFileSync(f, 'utf8')).version !== release).map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });

  it('has its CHANGELOG.md entry, with what an operator must do', () => {
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const entry = changelog.split(/^## /m).find((section) => section.startsWith(`[${release}]`));
    expect(entry).toBeDefined();
    expect(entry).toMatch(/^### Operators must$/m);
  });
});
