import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { builtPackages, ROOT } from './packages';

/**
 * After `tsc -b`: writes dist/build-info.json in every built package with the commit the build comes
 * from (WAYBILL_COMMIT when set, as image builds do without a .git; else git's HEAD, `-dirty` with
 * uncommitted changes). Services report it on /healthz. A file whose content is unchanged is left alone.
 * Also copies the JavaScript modules a package ships as they are (every `.mjs` file under src/, e.g. a worker thread's
 * entry), which tsc does not emit, to the same place under dist/.
 */
function commit(): string {
  if (process.env.WAYBILL_COMMIT) return process.env.WAYBILL_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

const text = `${JSON.stringify({ commit: commit() })}\n`;
for (const p of builtPackages()) {
  const file = join(ROOT, p.dir, 'dist', 'build-info.json');
  if (!existsSync(join(ROOT, p.dir, 'dist')) || (existsSync(file) && readFileSync(file, 'utf8') === text)) continue;
  writeFileSync(file, text);
}

function filesOf(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesOf(path, suffix);
    return e.name.endsWith(suffix) ? [path] : [];
  });
}

for (const p of builtPackages()) {
  const src = join(ROOT, p.dir, 'src');
  for (const file of filesOf(src, '.mjs')) {
    const target = join(ROOT, p.dir, 'dist', relative(src, file));
    if (existsSync(target) && readFileSync(target, 'utf8') === readFileSync(file, 'utf8')) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}
