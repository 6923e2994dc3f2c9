import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../support/processes';

const run = promisify(execFile);

/** A release as CHANGELOG.md records it: its version and the commit it was cut from. */
export interface ReleaseRef { version: string; rev: string }

/**
 * The release before the one being built: the newest `## [x.y.z]` entry of CHANGELOG.md that is not this
 * very commit (a checkout of a release upgrades from the one before it). Its tag `vx.y.z` when the clone
 * has tags, else the commit its entry names (a clone without tags still holds the commit).
 */
export async function previousRelease(): Promise<ReleaseRef> {
  // UPGRADE_FROM=<tag or commit> upgrades from another release than the newest (e.g. two releases back).
  const from = process.env.UPGRADE_FROM;
  if (from) {
    const { stdout } = await run('git', ['show', `${from}:package.json`], { cwd: ROOT });
    return { version: JSON.parse(stdout).version as string, rev: from };
  }
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
  const head = await commitOf('HEAD');
  for (const section of changelog.split(/^## /m)) {
    const entry = /^\[(\d+\.\d+\.\d+)\][^\n]*\n+([\s\S]*)/.exec(section);
    if (!entry) continue;
    const version = entry[1];
    const commit = /\(commit `([0-9a-f]{7,40})`\)/.exec(entry[2])?.[1];
    const rev = (await commitOf(`refs/tags/v${version}`)) ? `v${version}` : commit;
    if (!rev) throw new Error(`no tag v${version} in this clone, and its CHANGELOG entry names no commit`);
    if ((await commitOf(rev)) !== head) return { version, rev };
  }
  throw new Error('CHANGELOG.md names no release before this commit');
}

/** The commit a revision names, or undefined when this clone does not have it. */
async function commitOf(rev: string): Promise<string | undefined> {
  return run('git', ['rev-parse', '-q', '--verify', `${rev}^{commit}`], { cwd: ROOT }).then((r) => r.stdout.trim(), () => undefined);
}

export interface BuiltRelease extends ReleaseRef {
  /** A checkout of the release, installed and built (`<root>/services/<name>/dist/main.js` and so on). */
  root: string;
  remove(): Promise<void>;
}

/**
 * Checks the release out into a temporary git worktree and builds it as its own README says (`pnpm
 * install`, `pnpm build`): what an operator running that release has. The pnpm store is shared, so only
 * packages that changed since come from the registry.
 */
export async function buildRelease(ref: ReleaseRef): Promise<BuiltRelease> {
  const root = mkdtempSync(join(tmpdir(), `waybill-${ref.version}-`));
  rmSync(root, { recursive: true });
  await run('git', ['worktree', 'add', '--detach', root, ref.rev], { cwd: ROOT });
  const remove = async () => {
    await run('git', ['worktree', 'remove', '--force', root], { cwd: ROOT }).catch(() => rmSync(root, { recursive: true, force: true }));
    await run('git', ['worktree', 'prune'], { cwd: ROOT }).catch(() => undefined);
  };
  try {
    const env = { ...process.env, NODE_OPTIONS: '' };
    await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: root, env, maxBuffer: 64 << 20 });
    await run('pnpm', ['build'], { cwd: root, env, maxBuffer: 64 << 20 });
    if (!existsSync(join(root, 'infra', 'standalone', 'dist', 'main.js'))) throw new Error(`release ${ref.version} built no infra/standalone/dist/main.js`);
  } catch (err) {
    await remove();
    throw err;
  }
  return { ...ref, root, remove };
}

/** The services a built release runs as their own processes, from that release's own catalogue. */
export function servicesOf(release: BuiltRelease): Array<{ name: string; portVar: string; urlVar: string }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SERVICE_CATALOGUE } = require(join(release.root, 'libs', 'runtime', 'dist', 'catalogue.js')) as { SERVICE_CATALOGUE: Array<{ name: string; portVar: string; urlVar: string }> };
  return SERVICE_CATALOGUE.filter((s) => existsSync(join(release.root, 'services', s.name, 'dist', 'main.js')));
}

/** Runs a release's admin CLI (`waybill ...`) with `env`, resolving to what it printed. */
export async function releaseCli(root: string, args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [join(root, 'infra', 'admin', 'dist', 'main.js'), ...args], {
    cwd: root, env: { ...process.env, NODE_OPTIONS: '', ...env }, maxBuffer: 16 << 20,
  });
  return stdout;
}
