import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, workspaceManifests } from './packages';


describe('the licence', () => {
  it('is Apache-2.0, in LICENSE at the root', () => {
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0/);
  });

  it('is named in every package.json of the workspace, the root included', () => {
    const all = workspaceManifests();
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((f) => JSON.parse(readFileSync(f, 'utf8')).license !== 'Apache-2.0')).toEqual([]);
  });
});
