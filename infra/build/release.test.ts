import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, workspaceManifests } from './packages';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;

describe('the release', () => {
  const release = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

  it('is a semantic version, and every package of the workspace carries it (GET /version reads a package\'s)', () => {
    expect(release).toMatch(SEMVER);
    const all = workspaceManifests();
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
