import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { CRAWL_RESULT_STATUSES, CRAWL_SITES, type CrawlResultStatus, type CrawlSite } from '@aipm/contracts';
import { rule } from '@aipm/contracts/dto';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';

/** The most results one list answers; "show all" on the review screen pages through them. */
export const CRAWL_RESULTS_MAX_LIMIT = 1000;

export class ListCrawlResultsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: CRAWL_RESULTS_MAX_LIMIT, description: 'Latest N (the review screen asks for 20); absent: up to the maximum' })
  @IsOptional()
  @Type(() => Number)
  @IsInt(rule('LIMIT_NOT_INTEGER'))
  @Min(1, rule('LIMIT_TOO_SMALL'))
  @Max(CRAWL_RESULTS_MAX_LIMIT, rule('LIMIT_TOO_LARGE', { message: `limit 最大为 ${CRAWL_RESULTS_MAX_LIMIT}` }))
  limit?: number;

  // The common list code: a code of its own would add its wording to every first load of /admin/login.
  @ApiPropertyOptional({ minimum: 0, description: 'How many of the newest matching results to skip (paging)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt(rule('INVALID_LIST_QUERY'))
  @Min(0, rule('INVALID_LIST_QUERY'))
  @Max(1_000_000_000, rule('INVALID_LIST_QUERY'))
  offset?: number;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this task's results" })
  @IsOptional()
  @IsUUID('all', rule('INVALID_TASK_ID'))
  taskId?: string;

  @ApiPropertyOptional({ enum: CRAWL_SITES, description: 'Only results on this site (by the posting\'s address); "other": on none of the five' })
  @IsOptional()
  @IsIn(CRAWL_SITES, rule('INVALID_SITE'))
  site?: CrawlSite;

  @ApiPropertyOptional({ enum: CRAWL_RESULT_STATUSES })
  @IsOptional()
  @IsIn(CRAWL_RESULT_STATUSES, rule('INVALID_RESULT_STATUS'))
  status?: CrawlResultStatus;

  /** The admin's cache-busting timestamp (docs/product/errors.md#common: INVALID_FIELD); ignored. */
  @ApiPropertyOptional({ description: 'cache buster, ignored' })
  @IsOptional()
  @IsString()
  _t?: string;
}
