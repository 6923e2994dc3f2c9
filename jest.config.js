/**
 * Every test tier in one run, as three jest projects: `unit` (*.test.ts), `int` (*.int.test.ts, real
 * PostgreSQL/RabbitMQ/Redis when they answer) and `e2e` (e2e/**\/*.e2e.test.ts, whole stacks). `pnpm test` runs
 * them all; `pnpm test:unit`, `test:int`, `test:e2e` one each; `make test` runs them in that order and stops
 * at the first tier that fails (the quickest failure first).
 */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] };
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  // intl-messageformat and its @formatjs parts ship ES modules only: transformed like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/|(\\.pnpm/)?(intl-messageformat|@formatjs)))'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Tests run the TypeScript sources: a workspace package resolves to its src/index.ts, not its built dist/.
  moduleNameMapper: {
    '^@waybill/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@waybill/admin$': '<rootDir>/infra/admin/src/index.ts',
    '^@waybill/testing/stacks$': '<rootDir>/libs/testing/src/stacks/index.ts',
    '^@waybill/([a-z0-9-]+)$': ['<rootDir>/libs/$1/src/index.ts', '<rootDir>/services/$1/src/index.ts'],
  },
  setupFiles: ['<rootDir>/libs/testing/src/jest-setup.ts'],
  // Local servers at their usual addresses when the variables are unset; the last lines say what did not run.
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.cjs',
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/*.test.ts'], testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '<rootDir>/e2e/'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/**/*.int.test.ts'], testPathIgnorePatterns: [...common.testPathIgnorePatterns, '<rootDir>/e2e/'] },
    // The e2e project adds the run's stack broker (shared stacks, migrated templates): e2e/support/jest/.
    {
      ...common, displayName: 'e2e', testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/support/jest/global-setup.cjs', globalTeardown: '<rootDir>/e2e/support/jest/global-teardown.cjs',
    },
  ],
  // Generous: end-to-end files start whole stacks in beforeAll, and a loaded CI machine is slow to boot them.
  testTimeout: 180000,
  reporters: ['default', '<rootDir>/libs/testing/jest/tier-reporter.cjs'],
};
