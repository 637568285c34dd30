import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The most results one list answers; "show all" on the review screen means up to this many. */
export const CRAWL_RESULTS_MAX_LIMIT = 1000;

export class ListCrawlResultsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: CRAWL_RESULTS_MAX_LIMIT, description: 'Latest N (the review screen asks for 20); absent: all' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit 必须是整数' })
  @Min(1, { message: 'limit 至少为 1' })
  @Max(CRAWL_RESULTS_MAX_LIMIT, { message: `limit 最大为 ${CRAWL_RESULTS_MAX_LIMIT}` })
  limit?: number;

  /** The admin's cache-busting timestamp (spec §7); ignored. */
  @ApiPropertyOptional({ description: 'cache buster, ignored' })
  @IsOptional()
  @IsString()
  _t?: string;
}
