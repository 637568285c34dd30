import { IsString, Matches, MaxLength } from 'class-validator';
import { rule } from '../validation/rule';
import { CRAWL_SCHEDULE_MAX_LENGTH, CRAWL_SCHEDULE_PATTERN } from './crawl-ops';

/**
 * PUT /api/admin/crawl-tasks/{id}/schedule. The shape is checked here (five fields); the API parses the
 * expression itself (cron-parser, Asia/Shanghai) and refuses one that fires too often.
 */
export class SetCrawlScheduleDto {
  @IsString(rule('INVALID_SCHEDULE'))
  @MaxLength(CRAWL_SCHEDULE_MAX_LENGTH, rule('INVALID_SCHEDULE'))
  @Matches(CRAWL_SCHEDULE_PATTERN, rule('INVALID_SCHEDULE'))
  cron!: string;
}
