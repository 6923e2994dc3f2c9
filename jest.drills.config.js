/** `make drills`: the failure drills (e2e/drills/*.drill.ts), on private servers they stop and start. */
const base = require('./jest.config');
module.exports = { ...base, testMatch: ['<rootDir>/e2e/drills/**/*.drill.ts'], testTimeout: 1800000 };
