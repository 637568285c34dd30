import type { Assert, Equals } from '@aipm/contracts';
import { CRAWLED_JOB_FIELDS } from '@aipm/contracts';
import { getMetadataArgsStorage } from 'typeorm';
import { PublishedJob } from '../jobs/published-job.entity';
import { CrawlResult } from './crawl-result.entity';
import type { CrawledJobRow, CrawlResultRow, PublishedJobCopy } from './crawl-result.row';

/*
 * The entities are the contracts' crawled job (ADR 047). `npm run typecheck` checks the type lines below; the
 * @ts-expect-error lines prove the checks bite: each would compile if the check did not.
 */

/** The entity's columns: its relation object and the trigger-kept flag the app never writes are not the row's. */
type CrawlResultColumns = Omit<CrawlResult, 'task' | 'isRepresentative'>;

type _EntityIsTheRow = Assert<Equals<CrawlResultColumns, CrawlResultRow>>;
type _PublishedJobCopiesThePosting = Assert<Equals<Pick<PublishedJob, keyof PublishedJobCopy>, PublishedJobCopy>>;
type _RowDatesInstants = Assert<Equals<Pick<CrawlResultRow, 'postedAt' | 'extractedAt'>, { postedAt: Date | null; extractedAt: Date }>>;

// @ts-expect-error an entity that lacks a field of CrawledJob is not the row
type _MissingFieldFails = Assert<Equals<Omit<CrawlResultColumns, 'salaryMonths'>, CrawlResultRow>>;
// @ts-expect-error an entity that keeps a field the contracts renamed (jobTitle for title) is not the row
type _RenamedFieldFails = Assert<Equals<Omit<CrawlResultColumns, 'title'> & { jobTitle: string }, CrawlResultRow>>;
const { company: _company, ...withoutCompany } = posting();
// @ts-expect-error a posting without its company is not a CrawledJobRow
const _postingWithoutCompany: CrawledJobRow = withoutCompany;

function posting(): CrawledJobRow {
  return {
    title: 'AI 产品经理',
    company: '长沙某科技有限公司',
    location: '长沙',
    salary: '15-25K·13薪',
    salaryMin: 15000,
    salaryMax: 25000,
    salaryCurrency: 'CNY',
    salaryPeriod: 'month',
    salaryMonths: 13,
    postedAt: null,
    description: null,
    requirements: null,
    skillTags: ['AI'],
    sourceUrl: 'https://www.zhipin.com/job_detail/abc123.html',
  };
}

/** Every key of T once: the compiler rejects a missing or an unknown one. */
const keysOf = <T>(keys: Record<keyof T, true>): string[] => Object.keys(keys).sort();

const ROW_KEYS = keysOf<CrawlResultRow>({
  id: true, taskId: true, title: true, company: true, location: true, salary: true, salaryMin: true, salaryMax: true,
  salaryCurrency: true, salaryPeriod: true, salaryMonths: true, postedAt: true, description: true, requirements: true,
  skillTags: true, sourceUrl: true, status: true, reviewFeedback: true, extractedAt: true, reviewedAt: true,
  publishedAt: true, createdAt: true, site: true, dedupeKey: true, rawData: true,
});
const COPY_KEYS = keysOf<PublishedJobCopy>({
  title: true, company: true, location: true, description: true, requirements: true, skillTags: true, sourceUrl: true,
  postedAt: true, salaryMin: true, salaryMax: true, salaryCurrency: true,
});

/** The properties TypeORM maps to columns of `entity`. */
function columnsOf(entity: typeof CrawlResult | typeof PublishedJob): string[] {
  return getMetadataArgsStorage()
    .columns.filter((column) => column.target === entity)
    .map((column) => column.propertyName)
    .sort();
}

describe('crawl result row', () => {
  it('is every column of crawl_results, besides the representative flag the triggers keep', () => {
    expect(columnsOf(CrawlResult)).toEqual([...ROW_KEYS, 'isRepresentative'].sort());
  });

  it('holds every field of the contracts crawled job, and published_jobs the ones it copies', () => {
    expect(ROW_KEYS).toEqual(expect.arrayContaining([...CRAWLED_JOB_FIELDS]));
    expect(columnsOf(PublishedJob)).toEqual(expect.arrayContaining(COPY_KEYS));
  });
});
