import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPackages, ROOT } from './packages';

/**
 * After `tsc -b`: writes dist/build-info.json in every built package with the commit the build comes
 * from (WAYBILL_COMMIT when set, as image builds do without a .git; else git's HEAD, `-dirty` with
 * uncommitted changes). Services report it on /healthz. A file whose content is unchanged is left alone.
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
