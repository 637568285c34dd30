import path from 'node:path';

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Timing {
  title: string;
  file: string;
  project: string;
  seconds: number;
}

/**
 * Where a Playwright run's time went, printed after the list: the slowest journeys, each file's journeys added
 * up, and each viewport's. `E2E_TIMINGS_TOP` sets how many journeys are listed.
 */
export default class TimingsReporter implements Reporter {
  private readonly timings: Timing[] = [];
  private readonly started = Date.now();
  private readonly top = Number(process.env.E2E_TIMINGS_TOP ?? 15);

  onTestEnd(test: TestCase, result: TestResult): void {
    this.timings.push({
      title: test.title,
      file: path.relative(process.cwd(), test.location.file),
      project: test.parent.project()?.name ?? '',
      seconds: result.duration / 1000,
    });
  }

  onEnd(_result: FullResult): void {
    if (this.timings.length === 0) return;
    const sum = (items: Timing[]) => items.reduce((total, item) => total + item.seconds, 0);
    const grouped = (key: (timing: Timing) => string) => {
      const groups = new Map<string, Timing[]>();
      for (const timing of this.timings) groups.set(key(timing), [...(groups.get(key(timing)) ?? []), timing]);
      return [...groups.entries()].map(([name, items]) => ({ name, count: items.length, seconds: sum(items) })).sort((a, b) => b.seconds - a.seconds);
    };
    const slowest = [...this.timings].sort((a, b) => b.seconds - a.seconds).slice(0, this.top);
    const lines = [
      '',
      `e2e timings: ${this.timings.length} journeys in ${((Date.now() - this.started) / 1000).toFixed(0)} s wall (${sum(this.timings).toFixed(0)} s in journeys); the slowest ${slowest.length}:`,
      ...slowest.map((timing) => `  ${timing.seconds.toFixed(1).padStart(6)} s  [${timing.project}] ${timing.file} › ${timing.title}`),
      'e2e timings per file (both viewports):',
      ...grouped((timing) => timing.file).map((group) => `  ${group.seconds.toFixed(0).padStart(6)} s  ${String(group.count).padStart(3)} journeys  ${group.name}`),
      'e2e timings per viewport:',
      ...grouped((timing) => timing.project).map((group) => `  ${group.seconds.toFixed(0).padStart(6)} s  ${String(group.count).padStart(3)} journeys  ${group.name}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
