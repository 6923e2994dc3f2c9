import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expectedConfigs } from './build-configs';
import { builtPackages, ROOT } from './packages';

test('every tsconfig.build.json matches the packages\' dependencies (pnpm build:configs rewrites them)', () => {
  for (const [file, text] of expectedConfigs()) expect([file, readFileSync(join(ROOT, file), 'utf8')]).toEqual([file, text]);
});

/** Bare module names a package's shipped sources import (tests and test support are not shipped). */
function importsOf(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const path = join(d, f);
      if (statSync(path).isDirectory()) {
        if (f !== 'test-support') walk(path);
      } else if (f.endsWith('.ts') && !/\.(test|fixture|test-support)\.ts$/.test(f) && f !== 'test-support.ts') {
        // Type-only imports are erased from the output.
        const code = readFileSync(path, 'utf8').replace(/(?:import|export)\s+type\s[^;]*?from\s*'[^']*'/gs, '');
        for (const m of code.matchAll(/(?:from|import\(|require\()\s*'([^'.][^']*)'/g)) {
          const [scope, name] = m[1].split('/');
          names.add(scope.startsWith('@') ? `${scope}/${name}` : scope);
        }
      }
    }
  };
  walk(join(ROOT, dir, 'src'));
  return names;
}

test('what a package\'s built code requires is among its own dependencies, so its deploy unit has it', () => {
  for (const p of builtPackages()) {
    const missing = [...importsOf(p.dir)].filter((m) => !m.startsWith('node:') && p.dependencies[m] === undefined && m !== p.name);
    expect([p.name, missing]).toEqual([p.name, []]);
  }
});
