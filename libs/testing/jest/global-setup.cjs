/**
 * Jest's global setup (parent process, before any worker starts): when the distributed servers' variables
 * are unset, the usual local addresses are used if a server answers there, so `pnpm test` on a machine with
 * PostgreSQL, RabbitMQ and Redis running runs every tier. What stays missing is remembered for the reporter.
 */
const { resolveServers } = require('../../../infra/local/prerequisites.cjs');

module.exports = async function globalSetup() {
  const { found, missing } = await resolveServers();
  Object.assign(process.env, found);
  process.env.WAYBILL_MISSING_SERVERS = JSON.stringify(missing);
};
