/** Every test tier in one run: unit (*.test.ts), integration (*.int.test.ts), end-to-end (e2e/). */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] };
module.exports = {
  testEnvironment: 'node',
  transform,
  // intl-messageformat and its @formatjs parts ship ES modules only: transformed like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/|(\\.pnpm/)?(intl-messageformat|@formatjs)))'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Tests run the TypeScript sources: a workspace package resolves to its src/index.ts, not its built dist/.
  moduleNameMapper: {
    '^@waybill/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@waybill/admin$': '<rootDir>/infra/admin/src/index.ts',
    '^@waybill/([a-z0-9-]+)$': ['<rootDir>/libs/$1/src/index.ts', '<rootDir>/services/$1/src/index.ts'],
  },
  // Generous: end-to-end files start whole stacks in beforeAll, and a loaded CI machine is slow to boot them.
  testTimeout: 180000,
  setupFiles: ['<rootDir>/libs/testing/src/jest-setup.ts'],
  // Local servers at their usual addresses when the variables are unset; the last lines say what did not run.
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.cjs',
  reporters: ['default', '<rootDir>/libs/testing/jest/tier-reporter.cjs'],
};
