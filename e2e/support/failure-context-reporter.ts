import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of a page snapshot a failure prints: enough to see which screen it was on. */
const SNAPSHOT_LINES = Number(process.env.E2E_FAILURE_SNAPSHOT_LINES ?? 80);

/**
 * What the page showed when a journey failed, printed into the run's log. CI keeps only the log (the traces
 * and screenshots stay on the machine that ran it), so a journey that fails once in many runs is otherwise
 * found again only by luck. Playwright writes the page's accessibility snapshot to the `error-context`
 * attachment; this prints its first lines, and marks a journey that passed on its retry as flaky.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    const name = `[${test.parent.project()?.name ?? ''}] ${path.relative(process.cwd(), test.location.file)} › ${test.title}`;
    if (result.status === 'passed' && result.retry > 0) {
      process.stdout.write(`\nFLAKY (passed on retry ${result.retry}): ${name}\n`);
      return;
    }
    if (result.status !== 'failed' && result.status !== 'timedOut') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    const lines = context?.path ? readSnapshot(context.path) : ['(no page snapshot was written)'];
    process.stdout.write(
      [`\nwhat the page showed when this failed (attempt ${result.retry + 1}): ${name}`, ...lines.slice(0, SNAPSHOT_LINES).map((line) => `  | ${line}`), lines.length > SNAPSHOT_LINES ? `  | … ${lines.length - SNAPSHOT_LINES} more lines` : '', ''].join('\n'),
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** The page's snapshot, without the error details the list reporter prints already. */
function readSnapshot(file: string): string[] {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const snapshot = lines.findIndex((line) => line.startsWith('```yaml'));
    return snapshot === -1 ? lines : lines.slice(snapshot + 1).filter((line) => line !== '```');
  } catch (error) {
    return [`(the page snapshot could not be read: ${(error as Error).message})`];
  }
}
