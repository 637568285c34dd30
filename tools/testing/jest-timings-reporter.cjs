// @ts-check
/*
 * Where a Jest run's time went, printed after Jest's own summary: the slowest suites, and each project's
 * suites added up. Runtime is a suite's own wall time in its worker, so with several workers the sum exceeds
 * the run's; the ranking is what tells where to cut. `JEST_TIMINGS_TOP` sets how many suites are listed.
 */
const path = require('node:path');

class JestTimingsReporter {
  /** @param {unknown} _globalConfig @param {{ top?: number }} [options] */
  constructor(_globalConfig, options = {}) {
    this.top = Number(process.env.JEST_TIMINGS_TOP ?? options.top ?? 15);
  }

  /** @param {unknown} _contexts @param {import('@jest/reporters').AggregatedResult} results */
  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((suite) => ({
        file: path.relative(process.cwd(), suite.testFilePath),
        project: suite.displayName?.name ?? '',
        seconds: (suite.perfStats.end - suite.perfStats.start) / 1000,
        tests: suite.numPassingTests + suite.numFailingTests + suite.numPendingTests,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    if (suites.length === 0) return;
    const byProject = new Map();
    for (const suite of suites) byProject.set(suite.project, (byProject.get(suite.project) ?? 0) + suite.seconds);
    const wall = (Date.now() - results.startTime) / 1000;
    const lines = [
      '',
      `jest timings: ${suites.length} suites in ${wall.toFixed(0)} s wall; the slowest ${Math.min(this.top, suites.length)}:`,
      ...suites.slice(0, this.top).map((suite) => `  ${suite.seconds.toFixed(1).padStart(6)} s  ${String(suite.tests).padStart(4)} tests  ${suite.file}`),
      'jest timings per project (suites added up):',
      ...[...byProject.entries()].sort((a, b) => b[1] - a[1]).map(([project, seconds]) => `  ${seconds.toFixed(0).padStart(6)} s  ${project || '(none)'}`),
      '',
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

module.exports = JestTimingsReporter;
