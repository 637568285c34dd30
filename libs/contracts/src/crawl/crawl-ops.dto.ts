import { IsIn, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { rule } from '../validation/rule';
import { CRAWL_SCHEDULE_MAX_LENGTH, CRAWL_SCHEDULE_PATTERN } from './crawl-ops';
import { LIVE_VIEW_HEIGHT, LIVE_VIEW_INPUT_KINDS, LIVE_VIEW_KEYS, LIVE_VIEW_TEXT_MAX, LIVE_VIEW_WIDTH, type LiveViewInput } from './live-view';
import { SEARCH_SITES } from './search-urls';

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

/** POST /api/admin/crawler/live-view: the site to sign in to. */
export class OpenLiveViewDto {
  @IsIn(SEARCH_SITES, rule('INVALID_LIVE_VIEW_SITE'))
  site!: (typeof SEARCH_SITES)[number];
}

const INPUT = rule('INVALID_LIVE_VIEW_INPUT');
const SCROLL_MAX = 5000;

/**
 * POST /api/admin/crawler/live-view/{viewId}/input: one click, drag step, scroll, key or piece of text, with
 * viewport coordinates inside the frame. Which fields a kind needs is checked by the worker too.
 */
export class LiveViewInputDto implements LiveViewInput {
  @IsIn(LIVE_VIEW_INPUT_KINDS, INPUT)
  kind!: LiveViewInput['kind'];

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, INPUT) @Min(0, INPUT) @Max(LIVE_VIEW_WIDTH, INPUT)
  x?: number;

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, INPUT) @Min(0, INPUT) @Max(LIVE_VIEW_HEIGHT, INPUT)
  y?: number;

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, INPUT) @Min(-SCROLL_MAX, INPUT) @Max(SCROLL_MAX, INPUT)
  deltaX?: number;

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, INPUT) @Min(-SCROLL_MAX, INPUT) @Max(SCROLL_MAX, INPUT)
  deltaY?: number;

  @IsOptional() @IsIn(LIVE_VIEW_KEYS, INPUT)
  key?: LiveViewInput['key'];

  @IsOptional() @IsString(INPUT) @MaxLength(LIVE_VIEW_TEXT_MAX, INPUT)
  text?: string;
}
