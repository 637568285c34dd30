import type { Assert, Equals } from '@aipm/contracts';
import type { CrawledResultWrite } from '@aipm/database';
import { CRAWL_RESULT_WRITTEN_COLUMNS, crawlResultUpsert } from './crawl-result.writer';

// The column list is the write (ADR 047); the @ts-expect-error lines prove the checks bite: a list that forgot a
// field, or a write without one, would compile if they did not.
// @ts-expect-error a column list without salaryMonths is not the write
type _ListMissingAFieldFails = Assert<Equals<Exclude<(typeof CRAWL_RESULT_WRITTEN_COLUMNS)[number], 'salaryMonths'>, keyof CrawledResultWrite>>;

function write(overrides: Partial<CrawledResultWrite> = {}): CrawledResultWrite {
  return {
    taskId: '9b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e',
    title: 'AI 产品经理',
    company: '长沙某科技有限公司',
    location: '长沙',
    salary: '15-25K·13薪',
    salaryMin: 15000,
    salaryMax: 25000,
    salaryCurrency: 'CNY',
    salaryPeriod: 'month',
    salaryMonths: 13,
    postedAt: new Date('2026-11-20T00:00:00.000Z'),
    description: '负责 AI 产品的规划与落地',
    requirements: '三年以上产品经验',
    skillTags: ['AI'],
    sourceUrl: 'https://www.zhipin.com/job_detail/abc123.html',
    rawData: { encryptJobId: 'abc123' },
    extractedAt: new Date('2026-11-24T08:30:00.000Z'),
    site: 'zhipin',
    dedupeKey: 'ai产品经理|长沙某科技|长沙',
    ...overrides,
  };
}

describe('crawlResultUpsert', () => {
  it('inserts every written column, with the values in the same order', () => {
    const { text, values } = crawlResultUpsert(write());
    const columns = /INSERT INTO crawl_results \(([^)]*)\)/.exec(text)![1]!.split(', ');
    expect(columns).toEqual(CRAWL_RESULT_WRITTEN_COLUMNS.map((column) => `"${column}"`));
    expect(values).toHaveLength(columns.length);
    expect(values[CRAWL_RESULT_WRITTEN_COLUMNS.indexOf('salaryMonths')]).toBe(13);
    expect(values[CRAWL_RESULT_WRITTEN_COLUMNS.indexOf('rawData')]).toBe('{"encryptJobId":"abc123"}');
  });

  it('refreshes a pending result but keeps its first task and its address', () => {
    const { text } = crawlResultUpsert(write());
    const refreshed = /DO UPDATE SET\s+([^\n]*)\n/.exec(text)![1]!;
    expect(refreshed).toContain('"salaryMonths" = EXCLUDED."salaryMonths"');
    expect(refreshed).not.toContain('"taskId"');
    expect(refreshed).not.toContain('"sourceUrl"');
    expect(text).toContain(`WHERE crawl_results.status = 'pending'`);
  });

  it('rejects at compile time a write that lacks a field of the crawled job', () => {
    const { salaryMonths: _dropped, ...withoutMonths } = write();
    // @ts-expect-error a write without salaryMonths does not compile
    expect(crawlResultUpsert(withoutMonths).values).toContain(undefined);
  });
});
