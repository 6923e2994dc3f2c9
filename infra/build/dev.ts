import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { demoCommand } from './demo-command';
import { builtPackages, ROOT } from './packages';

/**
 * `make dev`: the one-process demo from built output, rebuilt and restarted as sources change. Each
 * change runs `tsc -b` (incremental: only the packages it touches and their dependents); `node --watch`
 * restarts the demo when a file it loaded changes. TypeScript's own `tsc -b --watch` does not
 * rebuild yet in the native compiler (7.0), hence this small watcher.
 */
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const build = (): boolean => spawnSync(TSC, ['-b', 'tsconfig.build.json', '--pretty'], { cwd: ROOT, stdio: 'inherit' }).status === 0;

let timer: NodeJS.Timeout | undefined;
function rebuildSoon(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    process.stdout.write(`[dev] rebuilding… `);
    process.stdout.write(build() ? 'done\n' : 'failed (the demo keeps running the last good build)\n');
  }, 150);
}

if (!build()) process.stdout.write('[dev] the first build failed: fix the errors above, the demo starts once it builds\n');
for (const p of builtPackages()) {
  watch(join(ROOT, p.dir, 'src'), { recursive: true }, (_event, file) => {
    if (file && /\.(ts|json)$/.test(file) && !file.endsWith('.test.ts')) rebuildSoon();
  });
}
// Started as `make run` starts it (its environment and node flags), plus --watch.
const cmd = demoCommand();
const demo: ChildProcess = spawn(process.execPath, ['--watch', ...cmd.nodeArgs, join(ROOT, cmd.entry)], {
  cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...cmd.env },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code) => process.exit(code ?? 0));
