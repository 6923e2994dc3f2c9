import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace packages `make build` compiles (the console is built by Vite, the bench runs from source). */
export const ROOT = join(__dirname, '..', '..');

export interface WorkspacePackage {
  name: string;
  /** Folder relative to the repository root. */
  dir: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

// Test-only packages: the conformance suite runs under jest against every adapter.
const NOT_BUILT = ['services/console', 'bench', 'libs/carrier-conformance'];

function readPackage(dir: string): WorkspacePackage {
  const p = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
  return { name: p.name, dir, version: p.version, dependencies: p.dependencies ?? {}, devDependencies: p.devDependencies ?? {} };
}

export function builtPackages(): WorkspacePackage[] {
  const dirs = ['contracts', ...['libs', 'services', 'infra'].flatMap((top) => readdirSync(join(ROOT, top))
    .map((d) => `${top}/${d}`).filter((d) => existsSync(join(ROOT, d, 'package.json'))))];
  return dirs.filter((d) => !NOT_BUILT.includes(d)).map(readPackage);
}

/** The workspace packages a package needs at run time (its `dependencies` of `workspace:` form). */
export function workspaceDependencies(pkg: WorkspacePackage, all: WorkspacePackage[]): WorkspacePackage[] {
  return Object.keys(pkg.dependencies).map((n) => all.find((p) => p.name === n)).filter((p): p is WorkspacePackage => p !== undefined);
}

/** Every package.json of the workspace: the root's, contracts', bench's and each package folder's. */
export function workspaceManifests(): string[] {
  const folders = ['libs', 'services', 'infra'].flatMap((top) => readdirSync(join(ROOT, top)).map((d) => join(top, d)));
  return ['.', 'contracts', 'bench', ...folders].map((d) => join(ROOT, d, 'package.json')).filter((f) => existsSync(f));
}

