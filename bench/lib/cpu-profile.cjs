/**
 * Preloaded (`NODE_OPTIONS=--require`) into the processes under test when BENCH_CPU_PROF_DIR is set,
 * because Node refuses `--cpu-prof` in NODE_OPTIONS. Profiles the whole life of the process and writes
 * a `.cpuprofile` (open it in Chrome DevTools or speedscope) when it exits.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join, basename } = require('node:path');

const dir = process.env.BENCH_CPU_PROF_DIR;
const entry = process.argv.find((a) => /\.(ts|js|mjs|cjs)$/.test(a) && !a.includes('node_modules'));
// tsx starts a small launcher that spawns the real process; only processes running an entry file matter.
// BENCH_CPU_PROF_ONLY=gateway,consignment profiles only those services (sampling disturbs the others less).
const only = (process.env.BENCH_CPU_PROF_ONLY || '').split(',').filter(Boolean);
const service = entry ? basename(join(entry, '..', '..')) : '';
if (dir && entry && (only.length === 0 || only.includes(service))) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROF_INTERVAL_US || 200) });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // The main-thread session answers synchronously, so the profile is written before the process ends.
    session.post('Profiler.stop', (err, res) => {
      if (err) return;
      const name = `${basename(join(entry, '..', '..'))}-${basename(entry, '.ts')}-${process.pid}.cpuprofile`;
      writeFileSync(join(dir, name), JSON.stringify(res.profile));
    });
  });
}
