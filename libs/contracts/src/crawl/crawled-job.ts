import type { Assert, Equals } from '../type-checks';

/**
 * One job posting as a site shows it, or as an administrator types it in: the source of a crawled job's shape
 * (ADR 047). The worker's normalised job and the writer's columns, the crawl_results and published_jobs entities,
 * the review answer (CrawlResultResponse) and its OpenAPI schema are derived from it or checked against it, so a
 * field added or renamed here makes the compiler point at each of them. Instants are ISO strings here and Date on
 * the server (WithDates of @aipm/database).
 */
export interface CrawledJob {
  title: string;
  company: string;
  location: string | null;
  /** Salary as the site shows it (e.g. "15-25K·13薪"); the fields below hold it parsed (parseSalary). */
  salary: string | null;
  /** Whole currency units per salaryPeriod; null when the site shows no number (面议). */
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  /** hour, day, month or year (SalaryPeriod). */
  salaryPeriod: string | null;
  /** Months paid per year ("·14薪" → 14). */
  salaryMonths: number | null;
  /** When the site says the job was posted or refreshed, read relative to the crawl time. */
  postedAt: string | null;
  description: string | null;
  requirements: string | null;
  skillTags: string[];
  /** The posting's canonical address on its site: one crawl result per address. */
  sourceUrl: string;
}

/** The fields of CrawledJob, once each, in the order the worker writes them (crawl-result.writer.ts). */
export const CRAWLED_JOB_FIELDS = [
  'title',
  'company',
  'location',
  'salary',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'salaryPeriod',
  'salaryMonths',
  'description',
  'requirements',
  'skillTags',
  'sourceUrl',
  'postedAt',
] as const satisfies readonly (keyof CrawledJob)[];

// A field added to CrawledJob and not listed above (or listed and not declared) fails here.
type _CrawledJobFieldsAreComplete = Assert<Equals<(typeof CRAWLED_JOB_FIELDS)[number], keyof CrawledJob>>;

/** The fields of a crawl result that are instants: ISO strings in answers, Date in rows (ADR 047). */
export const CRAWL_RESULT_INSTANTS = ['postedAt', 'extractedAt', 'reviewedAt', 'publishedAt', 'createdAt'] as const;
export type CrawlResultInstant = (typeof CRAWL_RESULT_INSTANTS)[number];
