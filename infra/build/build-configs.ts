import { relative, join } from 'node:path';
import { builtPackages, workspaceDependencies, ROOT, type WorkspacePackage } from './packages';

/**
 * What each package's tsconfig.build.json and the root tsconfig.build.json say: every package extends
 * the shared emit settings and references the workspace packages it depends on, so `tsc -b` builds
 * them in order. `pnpm build:configs` writes them; a test checks the committed files agree.
 */
export function packageBuildConfig(pkg: WorkspacePackage, all: WorkspacePackage[]): object {
  const base = relative(join(ROOT, pkg.dir), join(ROOT, 'tsconfig.build.base.json'));
  const refs = workspaceDependencies(pkg, all).map((d) => ({ path: relative(join(ROOT, pkg.dir), join(ROOT, d.dir, 'tsconfig.build.json')) }));
  // The contracts' source imports its JSON schemas from beside src/, so its root is the package.
  const own = pkg.dir === 'contracts'
    ? { compilerOptions: { rootDir: '.', outDir: 'dist' }, include: ['src/**/*.ts', 'api/*.json', 'events/*.json', 'webhooks/*.json'] }
    : {};
  return { extends: base, ...own, references: refs };
}

export function rootBuildConfig(all: WorkspacePackage[]): object {
  return { files: [], references: all.map((p) => ({ path: `./${p.dir}/tsconfig.build.json` })) };
}

export function expectedConfigs(): Map<string, string> {
  const all = builtPackages();
  const out = new Map<string, string>();
  for (const p of all) out.set(`${p.dir}/tsconfig.build.json`, `${JSON.stringify(packageBuildConfig(p, all), null, 2)}\n`);
  out.set('tsconfig.build.json', `${JSON.stringify(rootBuildConfig(all), null, 2)}\n`);
  return out;
}
