/**
 * The test run's last lines: which tiers did not run and what would run them (never skipped in silence),
 * then one plain closing line with the counts.
 */
const path = require('node:path');
const { missingLine } = require('../../../infra/local/prerequisites.cjs');

class TierReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const out = [];
    const missing = JSON.parse(process.env.WAYBILL_MISSING_SERVERS || '[]');
    const skippedFiles = results.testResults
      .filter((f) => f.numPendingTests > 0 || f.numTodoTests > 0)
      .map((f) => `  ${path.relative(this.rootDir, f.testFilePath)} (${f.numPendingTests + f.numTodoTests} skipped)`);
    if (missing.length) {
      out.push('', 'Not run: the distributed tier (real PostgreSQL, RabbitMQ, Redis); those suites ran on PGlite and the in-process bus only,');
      out.push(`their real-server cases skipped. ${missingLine(missing)}.`);
    }
    if (skippedFiles.length) out.push('', 'Suites with skipped tests:', ...skippedFiles);
    out.push('', `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests + results.numTodoTests} skipped`);
    // After jest's own summary, which it prints once every reporter has returned.
    process.once('exit', () => process.stderr.write(`${out.join('\n')}\n`));
  }
}

module.exports = TierReporter;
