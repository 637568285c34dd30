import type { CrawlErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused or failed crawl task, run, review, publication or crawler test. */
export class CrawlError extends ApiError<CrawlErrorCode> {}
