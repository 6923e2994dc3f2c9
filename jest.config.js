/** Every test tier in one run: unit (*.test.ts), integration (*.int.test.ts), end-to-end (e2e/). */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] };
module.exports = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql)/)'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60000,
  setupFiles: ['<rootDir>/libs/testing/src/jest-setup.ts'],
};
