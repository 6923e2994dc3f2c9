/** Stops the e2e stack broker: it stops the shared stacks and drops the templates, then exits. */
module.exports = async function e2eGlobalTeardown() {
  const child = globalThis.__waybillStackBroker;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await exited;
  clearTimeout(timer);
};
