import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CrawlTaskStatus } from '@aipm/contracts';
import { crawlTaskTransitionAllowed, CRAWL_TASK_TRANSITIONS } from '../index';

const repoRoot = path.resolve(__dirname, '../../../../..');
const LIFECYCLE = path.join(repoRoot, 'libs/server/database/src/crawler/crawl-task.lifecycle.ts');

/** The source files of the apps and libraries, without tests (and test-only testing/ folders), migrations (history) and build output. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'migrations', 'build', 'public', 'testing'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * What a write of a crawl task's or run's status looks like: a status set from the enum in an object (an
 * update, a save, an insert), an assignment to a task's status, or SQL that sets it. Reads compare
 * (`=== CrawlTaskStatus.Running`) and pass.
 */
const STATUS_WRITES = [/status\s*:\s*CrawlTaskStatus\./, /\btasks?\.status\s*=[^=]/, /(UPDATE|INSERT INTO)\s+"?crawl_(tasks|runs)"?[^`]*\bstatus\b/is, /\.(update|insert)\(\s*\)?\s*\.?\s*(into\()?\s*Crawl(Task|Run)\b/];

describe('crawl task lifecycle', () => {
  it('is the only code that writes a crawl task status or a crawl run', () => {
    const files = [...sourceFiles(path.join(repoRoot, 'apps')), ...sourceFiles(path.join(repoRoot, 'libs'))].filter((file) => file !== LIFECYCLE);
    const writers = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return STATUS_WRITES.filter((pattern) => pattern.test(text)).map((pattern) => `${path.relative(repoRoot, file)} (${pattern.source})`);
    });
    expect(writers).toEqual([]);
  });

  it('finds a write when there is one', () => {
    // The patterns above, on the writes this module replaced.
    const replaced = [
      `await this.tasks.update(task.id, { status: CrawlTaskStatus.Completed, lastRunStats: stats });`,
      "UPDATE crawl_tasks SET status = $2, \"lastRunAt\" = now() WHERE id = $1",
      `.createQueryBuilder().update(CrawlTask).set({ lastRunStats: stats })`,
      `await this.runs.createQueryBuilder().insert().into(CrawlRun).values(rows)`,
      `task.status = 'failed';`,
    ];
    for (const line of replaced) expect(STATUS_WRITES.some((pattern) => pattern.test(line))).toBe(true);
    expect(STATUS_WRITES.some((pattern) => pattern.test('if (task.status === CrawlTaskStatus.Running) return;'))).toBe(false);
  });

  it('starts each transition only from the states it names', () => {
    expect(crawlTaskTransitionAllowed('queue', CrawlTaskStatus.Running)).toBe(false);
    expect(crawlTaskTransitionAllowed('complete', CrawlTaskStatus.Completed)).toBe(false);
    expect(crawlTaskTransitionAllowed('fail', CrawlTaskStatus.Running)).toBe(true);
    // No transition may leave a task in a state outside the enum.
    for (const { to } of Object.values(CRAWL_TASK_TRANSITIONS)) expect([null, ...Object.values(CrawlTaskStatus)]).toContain(to);
  });
});
