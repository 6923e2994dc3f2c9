/** `make drills`: the failure drills (e2e/drills/*.drill.ts), on private servers they stop and start. */
const { projects, reporters } = require('./jest.config');
const e2e = projects.find((p) => p.displayName === 'e2e');
const unit = projects.find((p) => p.displayName === 'unit');
// No stack broker: a drill's stacks run on private servers of its own, from empty databases.
module.exports = {
  ...e2e, displayName: 'drills', testMatch: ['<rootDir>/e2e/drills/**/*.drill.ts'], testTimeout: 1800000, reporters,
  globalSetup: unit.globalSetup, globalTeardown: undefined,
  // A drill's stacks, servers and load are stopped in its afterAll; what stays open after (keep-alive sockets of
  // the load's fetch, a server's client) must not hold `make drills` open after the last test.
  forceExit: true,
};
