import path from 'node:path';

import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

interface Tally {
  name: string;
  /** The journey's copies in the run: N, or 1 in a project run only as another's dependency (Playwright does not repeat those). */
  copies: number;
  passed: number;
  ran: number;
  failures: string[];
}

/**
 * Each journey's pass rate over a run with `--repeat-each N` (npm run test:flaky): how many of its copies passed,
 * the first line of each failure, and the journeys below 100 % first. A copy that never ran (a serial group
 * stops at its first failure) counts as not passed. Journeys skipped on purpose are left out.
 */
export default class PassRateReporter implements Reporter {
  private readonly tallies = new Map<string, Tally>();

  onBegin(_config: FullConfig, suite: Suite): void {
    for (const test of suite.allTests()) {
      if (test.expectedStatus === 'skipped') continue;
      const name = this.nameOf(test);
      const tally = this.tallies.get(name) ?? { name, copies: 0, passed: 0, ran: 0, failures: [] };
      tally.copies += 1;
      this.tallies.set(name, tally);
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const tally = this.tallies.get(this.nameOf(test));
    if (!tally) return;
    if (result.status === 'skipped' && test.expectedStatus === 'skipped') return;
    tally.ran += 1;
    if (result.status === 'passed') tally.passed += 1;
    else tally.failures.push(`${result.status}: ${(result.error?.message ?? '').split('\n')[0]?.slice(0, 160) ?? ''}`);
  }

  onEnd(_result: FullResult): void {
    const rows = [...this.tallies.values()].sort((a, b) => a.passed / a.copies - b.passed / b.copies || a.name.localeCompare(b.name));
    const perfect = rows.filter((row) => row.passed === row.copies).length;
    const lines = ['', `pass rate of each journey over its runs: ${perfect} of ${rows.length} passed every run`];
    for (const row of rows) {
      lines.push(`  ${String(row.passed).padStart(3)}/${row.copies}  ${row.name}${row.ran < row.copies ? ` (${row.copies - row.ran} did not run)` : ''}`);
      for (const failure of [...new Set(row.failures)].slice(0, 3)) lines.push(`           ${failure}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  private nameOf(test: TestCase): string {
    const [, project, , ...titles] = test.titlePath();
    return `[${project}] ${path.relative(process.cwd(), test.location.file)} › ${titles.join(' › ')}`;
  }
}
