/**
 * Preloaded (`NODE_OPTIONS=--require`) into a service process under a benchmark: counts every `pg`
 * Client.query (BEGIN and COMMIT included) and every ioredis sendCommand (each command of a pipeline,
 * each BullMQ script call) of the process, whichever copies of the modules it loads. On SIGUSR2 it
 * writes `{ seq, pg, redis }` to BENCH_ROUND_TRIPS_FILE, `seq` counting the signals, so the benchmark
 * reads the counts of a process it does not share memory with (see round-trips.ts).
 */
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_ROUND_TRIPS_FILE;
const counts = { seq: 0, pg: 0, redis: 0 };

function wrap(proto, method, kind) {
  if (!proto || typeof proto[method] !== 'function' || proto[method].__counted) return;
  const original = proto[method];
  const counted = function counted(...args) {
    counts[kind]++;
    return original.apply(this, args);
  };
  counted.__counted = true;
  proto[method] = counted;
}

if (file) {
  const load = Module._load;
  Module._load = function countingLoad(request, ...rest) {
    const exported = load.call(this, request, ...rest);
    if (request === 'pg') wrap(exported && exported.Client && exported.Client.prototype, 'query', 'pg');
    else if (request === 'ioredis') wrap(((exported && exported.default) || exported).prototype, 'sendCommand', 'redis');
    return exported;
  };
  process.on('SIGUSR2', () => {
    counts.seq++;
    writeFileSync(file, JSON.stringify(counts));
  });
}
