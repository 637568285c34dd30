import path from 'node:path';

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Timing {
  title: string;
  file: string;
  project: string;
  seconds: number;
  /** When the journey started and ended, in ms since the epoch: a project's span is its stage's wall time. */
  start: number;
  end: number;
}

/**
 * Where a Playwright run's time went, printed after the list: the slowest journeys, each file's journeys added
 * up, and each project's, with the wall time from its first journey's start to its last one's end and when that
 * was in the run (the projects run in stages, two journeys at once in the last one: playwright.config.ts), so
 * the time between stages and before the first shows too. `E2E_TIMINGS_TOP` sets how many
 * journeys are listed.
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
      start: result.startTime.getTime(),
      end: result.startTime.getTime() + result.duration,
    });
  }

  onEnd(_result: FullResult): void {
    if (this.timings.length === 0) return;
    const sum = (items: Timing[]) => items.reduce((total, item) => total + item.seconds, 0);
    const grouped = (key: (timing: Timing) => string) => {
      const groups = new Map<string, Timing[]>();
      for (const timing of this.timings) groups.set(key(timing), [...(groups.get(key(timing)) ?? []), timing]);
      return [...groups.entries()]
        .map(([name, items]) => {
          const [first, last] = [Math.min(...items.map((item) => item.start)), Math.max(...items.map((item) => item.end))];
          return { name, count: items.length, seconds: sum(items), wall: (last - first) / 1000, from: (first - this.started) / 1000, to: (last - this.started) / 1000 };
        })
        .sort((a, b) => b.seconds - a.seconds);
    };
    const slowest = [...this.timings].sort((a, b) => b.seconds - a.seconds).slice(0, this.top);
    const lines = [
      '',
      `e2e timings: ${this.timings.length} journeys in ${((Date.now() - this.started) / 1000).toFixed(0)} s wall (${sum(this.timings).toFixed(0)} s in journeys); the slowest ${slowest.length}:`,
      ...slowest.map((timing) => `  ${timing.seconds.toFixed(1).padStart(6)} s  [${timing.project}] ${timing.file} › ${timing.title}`),
      'e2e timings per file (both widths):',
      ...grouped((timing) => timing.file).map((group) => `  ${group.seconds.toFixed(0).padStart(6)} s  ${String(group.count).padStart(3)} journeys  ${group.name}`),
      'e2e timings per project (journeys added up, and the wall time from first start to last end, seconds into the run):',
      ...grouped((timing) => timing.project)
        .sort((a, b) => a.from - b.from)
        .map((group) => `  ${group.seconds.toFixed(0).padStart(6)} s  ${String(group.count).padStart(3)} journeys  ${group.name} (${group.wall.toFixed(0)} s wall, ${group.from.toFixed(0)}–${group.to.toFixed(0)} s)`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
