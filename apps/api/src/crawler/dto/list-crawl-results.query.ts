import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { rule } from '@aipm/contracts/dto';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The most results one list answers; "show all" on the review screen means up to this many. */
export const CRAWL_RESULTS_MAX_LIMIT = 1000;

export class ListCrawlResultsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: CRAWL_RESULTS_MAX_LIMIT, description: 'Latest N (the review screen asks for 20); absent: all' })
  @IsOptional()
  @Type(() => Number)
  @IsInt(rule('LIMIT_NOT_INTEGER'))
  @Min(1, rule('LIMIT_TOO_SMALL'))
  @Max(CRAWL_RESULTS_MAX_LIMIT, rule('LIMIT_TOO_LARGE', { message: `limit 最大为 ${CRAWL_RESULTS_MAX_LIMIT}` }))
  limit?: number;

  /** The admin's cache-busting timestamp (spec §7); ignored. */
  @ApiPropertyOptional({ description: 'cache buster, ignored' })
  @IsOptional()
  @IsString()
  _t?: string;
}
