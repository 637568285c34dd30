import type { CrawledJob, CrawlResultInstant, CrawlResultResponse } from '@aipm/contracts';

/*
 * The server's forms of a crawled job, derived from the contracts' CrawledJob and CrawlResultResponse (ADR 047):
 * the entities implement them and the writer, the normaliser and the services build them, so the compiler names
 * every place a field added or renamed in the contracts must reach.
 */

/** T with the keys K as Date where T has an ISO string (a null stays a null). */
export type WithDates<T, K extends keyof T> = { [P in keyof T]: P extends K ? Exclude<T[P], string> | Date : T[P] };

/** A posting as the server holds it: the worker's normalised job, the fields both tables keep. */
export type CrawledJobRow = WithDates<CrawledJob, 'postedAt'>;

/**
 * A crawl_results row: the review answer less its sources (other rows), instants as Date, and what stays on the
 * server (the duplicate key of ADR 020 and the item as the site gave it).
 */
export type CrawlResultRow = WithDates<Omit<CrawlResultResponse, 'sources'>, CrawlResultInstant> & {
  dedupeKey: string | null;
  rawData: Record<string, unknown> | null;
};

/**
 * What a crawl writes (crawl-result.writer.ts): the posting, its first task, site and key, the item and when it
 * was read. The review state (status, reviewedAt, …) is the columns' defaults, and the id and createdAt the database's.
 */
export type CrawledResultWrite = Pick<CrawlResultRow, 'taskId' | keyof CrawledJob | 'rawData' | 'extractedAt' | 'site' | 'dedupeKey'>;

/** A new crawl result whole (a job added by hand): every column but those the database or a later review fills. */
export type NewCrawlResult = Omit<CrawlResultRow, 'id' | 'createdAt' | 'reviewFeedback' | 'publishedAt'>;

/**
 * The posting's fields a published job copies from its result (published-job.factory.ts); its salary is monthly
 * and always has a currency (docs/product/data-model.md#published-job).
 */
export type PublishedJobCopy = Pick<CrawledJobRow, 'title' | 'company' | 'location' | 'description' | 'requirements' | 'skillTags' | 'sourceUrl' | 'postedAt' | 'salaryMin' | 'salaryMax'> & {
  salaryCurrency: string;
};
