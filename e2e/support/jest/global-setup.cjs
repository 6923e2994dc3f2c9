/**
 * The e2e project's global setup: the servers (libs/testing's setup), then the run's stack broker
 * (e2e/support/stack-broker.ts), a process of its own under tsx, so it resolves the workspace's sources as
 * the tests do. Suites and stacks find it through WAYBILL_E2E_BROKER; the teardown stops it.
 */
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const resolveServers = require('../../../libs/testing/jest/global-setup.cjs');

const ROOT = join(__dirname, '..', '..', '..');

module.exports = async function e2eGlobalSetup() {
  if (!process.env.WAYBILL_MISSING_SERVERS) await resolveServers();
  // WAYBILL_E2E_BROKER=off: no broker, so every suite starts stacks of its own from empty databases (as
  // before the broker existed), for comparing timings or ruling the broker out.
  if (process.env.WAYBILL_E2E_BROKER === 'off') {
    delete process.env.WAYBILL_E2E_BROKER;
    return;
  }
  const child = spawn(process.execPath, [require.resolve('tsx/cli', { paths: [ROOT] }), join(ROOT, 'e2e', 'support', 'stack-broker.ts')], {
    cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (b) => {
      out += b.toString();
      const m = /^broker (\S+)$/m.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the e2e stack broker exited with ${code} before listening: ${out}`)));
  });
  process.env.WAYBILL_E2E_BROKER = url;
  globalThis.__waybillStackBroker = child;
};
