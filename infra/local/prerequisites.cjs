#!/usr/bin/env node
/**
 * What `make run`, `make test`, `make bench` and `make drills` need from the machine, checked (and where the
 * machine allows, installed) before they start, so each fails early with one line that says what to do.
 * Plain Node with no dependencies: it runs before `pnpm install` has put anything in node_modules.
 *
 *   node infra/local/prerequisites.cjs servers [--require]   prints `export NAME=url` for eval
 *   node infra/local/prerequisites.cjs chromium              installs Debian's chromium when it can
 *   node infra/local/prerequisites.cjs drills                checks the server programs the drills start
 *   node infra/local/prerequisites.cjs port                  checks the demo's port is free
 *   node infra/local/prerequisites.cjs node                  checks Node's version
 */
const net = require('node:net');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

/** The shared servers, each with the variable that points at it and its usual local address. */
const SERVERS = [
  { variable: 'DATABASE_URL', name: 'PostgreSQL', url: 'postgres://postgres@127.0.0.1:5432/test' },
  { variable: 'AMQP_URL', name: 'RabbitMQ', url: 'amqp://guest:guest@127.0.0.1:5672' },
  { variable: 'REDIS_URL', name: 'Redis', url: 'redis://127.0.0.1:6379' },
];

/** Whether something accepts a TCP connection at the URL's host and port within the timeout. */
function answers(url, timeoutMs = 1000) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The servers the distributed tier will use: each variable as set, else the usual local address when a
 * server answers there. WAYBILL_LOCAL_SERVERS=off keeps unset variables unset (PGlite and in-process only).
 */
async function resolveServers(env = process.env) {
  const probe = env.WAYBILL_LOCAL_SERVERS !== 'off';
  const found = {};
  const missing = [];
  for (const s of SERVERS) {
    if (env[s.variable]) found[s.variable] = env[s.variable];
    else if (probe && await answers(s.url)) found[s.variable] = s.url;
    else missing.push(s);
  }
  return { found, missing };
}

/** One line naming what was missing and exactly what would bring it. */
function missingLine(missing) {
  const names = missing.map((s) => `${s.name} (${s.variable}, usually ${s.url})`).join(', ');
  return `not reachable: ${names}; start them locally or export the variables, then run it again`;
}

async function servers(requireAll) {
  const { found, missing } = await resolveServers();
  if (requireAll && missing.length) fail(missingLine(missing));
  for (const [k, v] of Object.entries(found)) process.stdout.write(`export ${k}=${JSON.stringify(v)}\n`);
}

/** Debian's Chromium for the browser tests; CHROMIUM=/path picks another build. Never a downloaded browser. */
function chromium() {
  const wanted = process.env.CHROMIUM || '/usr/bin/chromium';
  if (isExecutable(wanted)) return;
  if (process.env.CHROMIUM) fail(`CHROMIUM=${wanted} is not an executable file`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !onPath('apt-get')) {
    fail('the browser tests need Chromium: install it (sudo apt-get install chromium) or set CHROMIUM=/path/to/chromium');
  }
  process.stderr.write('make: installing Chromium from Debian\'s packages for the browser tests\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (!install || install.status !== 0 || !isExecutable(wanted)) {
    fail('apt-get could not install chromium; install it by hand or set CHROMIUM=/path/to/chromium');
  }
}

/** The drills start private PostgreSQL, Redis and RabbitMQ servers of their own: their programs must be here. */
function drills() {
  const pg = fs.existsSync('/usr/lib/postgresql')
    && fs.readdirSync('/usr/lib/postgresql').some((v) => isExecutable(`/usr/lib/postgresql/${v}/bin/initdb`));
  const lacking = [];
  if (!pg) lacking.push('postgresql (initdb, pg_ctl)');
  if (!onPath('redis-server')) lacking.push('redis-server');
  if (!onPath('rabbitmq-server')) lacking.push('rabbitmq-server');
  if (lacking.length) fail(`the drills start private servers and need: ${lacking.join(', ')} (apt-get install postgresql redis-server rabbitmq-server)`);
}

/** The demo's port must be free, or the demo would start half-way and stop. */
async function port() {
  const p = Number(process.env.PORT || 8080);
  if (await answers(`http://127.0.0.1:${p}`)) fail(`port ${p} is in use (another make run?); stop it or start with PORT=<free port>`);
}

/** Node 20 or newer (the images use a supported LTS, 22 or newer). */
function node() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) fail(`Node ${process.versions.node} is too old: Waybill needs Node 20 or newer (22 LTS recommended)`);
}

function isExecutable(path) {
  try {
    fs.accessSync(path, fs.constants.X_OK);
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function fail(line) {
  process.stderr.write(`make: ${line}\n`);
  process.exit(1);
}

module.exports = { SERVERS, resolveServers, missingLine };

if (require.main === module) {
  const [command, flag] = process.argv.slice(2);
  const commands = { servers: () => servers(flag === '--require'), chromium, drills, port, node };
  if (!commands[command]) fail(`prerequisites: unknown check '${command}' (${Object.keys(commands).join(', ')})`);
  Promise.resolve(commands[command]()).catch((err) => fail(String(err?.message ?? err)));
}
