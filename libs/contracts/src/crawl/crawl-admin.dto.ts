import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { rule } from '../validation/rule';
import { CRAWL_SITES, CrawlResultStatus, type CrawlSite } from '../enums/crawl.enums';
import { AUTOMATED_CRAWL_MAX_RESULTS, CRAWL_CITIES, CRAWL_TASK_MAX_RESULTS, CRAWL_WAIT_TIME_MAX_MS, CRAWL_WAIT_TIME_MIN_MS, type CrawlCity } from './crawl-cities';
import { AUTOMATED_CRAWL_SITES, type AutomatedCrawlSite, MANUAL_JOB_TEXT_MIN_LENGTH, REVIEW_DECISIONS, type ReviewDecision } from './crawl-admin.messages';
import { CRAWLER_COOKIE_MAX_LENGTH, HUMAN_CHECK_TIMEOUT_MINUTES_MAX, HUMAN_CHECK_TIMEOUT_MINUTES_MIN, REQUEST_DELAY_MAX_MS } from './crawler-config';
import { JOB_EXPIRY_DAYS_MAX, JOB_EXPIRY_DAYS_MIN } from './crawl-ops';

/*
 * Decorators are listed in the order a form reads the rules: the first failing one (top) is the message and
 * code the API answers with. No class-transformer @Type: the request bodies are flat.
 */

/** Not blank: at least one non-space character. */
const NOT_BLANK = /\S/;
/** http(s) with a host; the crawler navigates nothing else. */
const WEB_URL = { require_protocol: true, protocols: ['http', 'https'] };

/** POST /api/admin/crawl-tasks (docs/product/validation.md#crawl-task and the form's extra options). */

/** A keyword names the automated task (255 characters at most) and goes into every search URL. */
const MAX_KEYWORD_LENGTH = 50;
export class CreateCrawlTaskDto {
  @IsString(rule('TASK_NAME_REQUIRED'))
  @Matches(NOT_BLANK, rule('TASK_NAME_REQUIRED'))
  @MaxLength(255, rule('TASK_NAME_TOO_LONG'))
  name!: string;

  @IsArray(rule('KEYWORD_REQUIRED'))
  @ArrayNotEmpty(rule('KEYWORD_REQUIRED'))
  @IsString(rule('KEYWORD_REQUIRED', { each: true }))
  @Matches(NOT_BLANK, rule('KEYWORD_REQUIRED', { each: true }))
  @MaxLength(MAX_KEYWORD_LENGTH, rule('KEYWORD_TOO_LONG', { each: true }))
  keywords!: string[];

  @IsArray(rule('TARGET_URL_REQUIRED'))
  @ArrayNotEmpty(rule('TARGET_URL_REQUIRED'))
  @IsUrl(WEB_URL, rule('INVALID_URL', { each: true }))
  targetUrls!: string[];

  @IsOptional()
  @IsIn(CRAWL_SITES, rule('INVALID_SITE'))
  site?: CrawlSite;

  @IsOptional()
  @IsBoolean(rule('INVALID_OPTION'))
  enableJavaScriptRendering?: boolean;

  @IsOptional()
  @IsBoolean(rule('INVALID_OPTION'))
  antiDetectionMode?: boolean;

  @IsOptional()
  @IsInt(rule('WAIT_TIME_TOO_SHORT'))
  @Min(CRAWL_WAIT_TIME_MIN_MS, rule('WAIT_TIME_TOO_SHORT'))
  @Max(CRAWL_WAIT_TIME_MAX_MS, rule('WAIT_TIME_TOO_LONG'))
  waitTime?: number;

  /** Stop each run once this many results are stored; default 100 (ADR 062). */
  @IsOptional()
  @IsInt(rule('MAX_RESULTS_TOO_SMALL'))
  @Min(CRAWL_TASK_MAX_RESULTS.min, rule('MAX_RESULTS_TOO_SMALL'))
  @Max(CRAWL_TASK_MAX_RESULTS.max, rule('MAX_RESULTS_TOO_LARGE'))
  maxResults?: number;
}

/** POST /api/admin/crawl/run: the automated crawl (docs/product/validation.md#automated-crawl). */
export class RunAutomatedCrawlDto {
  @IsIn(AUTOMATED_CRAWL_SITES, rule('INVALID_AUTOMATED_SITE'))
  site!: AutomatedCrawlSite;

  @IsArray(rule('KEYWORD_REQUIRED'))
  @ArrayNotEmpty(rule('KEYWORD_REQUIRED'))
  @IsString(rule('KEYWORD_REQUIRED', { each: true }))
  @Matches(NOT_BLANK, rule('KEYWORD_REQUIRED', { each: true }))
  @MaxLength(MAX_KEYWORD_LENGTH, rule('KEYWORD_TOO_LONG', { each: true }))
  keywords!: string[];

  @IsIn(CRAWL_CITIES, rule('INVALID_CITY'))
  city!: CrawlCity;

  /** Fixed at 50 per run (docs/product/crawler.md#automated-search); sent by the admin, refused if anything else. */
  @IsOptional()
  @IsIn([AUTOMATED_CRAWL_MAX_RESULTS], rule('MAX_RESULTS_FIXED'))
  maxResults?: number;

  @IsString(rule('TASK_NAME_REQUIRED'))
  @Matches(NOT_BLANK, rule('TASK_NAME_REQUIRED'))
  @MaxLength(255, rule('TASK_NAME_TOO_LONG'))
  taskName!: string;
}

/** POST /api/admin/zhaopin/search: one keyword on zhaopin (docs/product/validation.md#automated-crawl). */
export class ZhaopinSearchDto {
  @IsString(rule('SEARCH_KEYWORD_REQUIRED'))
  @Matches(NOT_BLANK, rule('SEARCH_KEYWORD_REQUIRED'))
  @MaxLength(MAX_KEYWORD_LENGTH, rule('KEYWORD_TOO_LONG'))
  keyword!: string;

  @IsOptional()
  @IsIn(CRAWL_CITIES, rule('INVALID_CITY'))
  city?: CrawlCity;
}

/** POST /api/admin/crawl-results: a job added by hand (docs/product/validation.md#manual-job, all required). */
export class CreateManualJobDto {
  @IsString(rule('TITLE_REQUIRED'))
  @Matches(NOT_BLANK, rule('TITLE_REQUIRED'))
  title!: string;

  @IsString(rule('COMPANY_REQUIRED'))
  @Matches(NOT_BLANK, rule('COMPANY_REQUIRED'))
  company!: string;

  @IsString(rule('LOCATION_REQUIRED'))
  @Matches(NOT_BLANK, rule('LOCATION_REQUIRED'))
  location!: string;

  @IsString(rule('SALARY_REQUIRED'))
  @Matches(NOT_BLANK, rule('SALARY_REQUIRED'))
  salary!: string;

  @IsString(rule('DESCRIPTION_TOO_SHORT'))
  @MinLength(MANUAL_JOB_TEXT_MIN_LENGTH, rule('DESCRIPTION_TOO_SHORT'))
  description!: string;

  @IsString(rule('REQUIREMENTS_TOO_SHORT'))
  @MinLength(MANUAL_JOB_TEXT_MIN_LENGTH, rule('REQUIREMENTS_TOO_SHORT'))
  requirements!: string;

  @IsArray(rule('SKILL_TAGS_REQUIRED'))
  @ArrayNotEmpty(rule('SKILL_TAGS_REQUIRED'))
  @IsString(rule('SKILL_TAGS_REQUIRED', { each: true }))
  @Matches(NOT_BLANK, rule('SKILL_TAGS_REQUIRED', { each: true }))
  skillTags!: string[];

  @IsString(rule('SOURCE_URL_REQUIRED'))
  @Matches(NOT_BLANK, rule('SOURCE_URL_REQUIRED'))
  @IsUrl(WEB_URL, rule('INVALID_URL'))
  sourceUrl!: string;

  /** The admin form sends "approved"; a manual job is always created approved (docs/product/crawler.md#manual-job). */
  @IsOptional()
  @IsIn([CrawlResultStatus.Approved], rule('INVALID_RESULT_STATUS'))
  status?: typeof CrawlResultStatus.Approved;
}

/** PATCH /api/admin/crawl-results/{id}/review */
export class ReviewCrawlResultDto {
  @IsIn(REVIEW_DECISIONS, rule('INVALID_REVIEW_STATUS'))
  status!: ReviewDecision;

  @IsOptional()
  @IsString(rule('FEEDBACK_NOT_TEXT'))
  @MaxLength(2000, rule('FEEDBACK_TOO_LONG'))
  feedback?: string;
}

/**
 * POST /api/admin/crawler-config: any subset of the settings, each within its bounds
 * (docs/product/validation.md#crawler-settings).
 */
/**
 * A cookie is sent as one header line: a line break, tab or other control character would end or corrupt the header
 * Chromium and fetch build from it, so such a paste is refused instead of failing every page of the site.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const COOKIE_TEXT = /^[^\u0000-\u001f\u007f]*$/;

export class SaveCrawlerConfigDto {
  @IsOptional() @IsString(rule('INVALID_COOKIE')) @MaxLength(CRAWLER_COOKIE_MAX_LENGTH, rule('COOKIE_TOO_LONG')) @Matches(COOKIE_TEXT, rule('COOKIE_CONTROL_CHARACTERS')) zhaopin_cookie?: string;
  @IsOptional() @IsString(rule('INVALID_COOKIE')) @MaxLength(CRAWLER_COOKIE_MAX_LENGTH, rule('COOKIE_TOO_LONG')) @Matches(COOKIE_TEXT, rule('COOKIE_CONTROL_CHARACTERS')) boss_cookie?: string;
  @IsOptional() @IsString(rule('INVALID_COOKIE')) @MaxLength(CRAWLER_COOKIE_MAX_LENGTH, rule('COOKIE_TOO_LONG')) @Matches(COOKIE_TEXT, rule('COOKIE_CONTROL_CHARACTERS')) job51_cookie?: string;
  @IsOptional() @IsString(rule('INVALID_COOKIE')) @MaxLength(CRAWLER_COOKIE_MAX_LENGTH, rule('COOKIE_TOO_LONG')) @Matches(COOKIE_TEXT, rule('COOKIE_CONTROL_CHARACTERS')) liepin_cookie?: string;
  @IsOptional() @IsString(rule('INVALID_COOKIE')) @MaxLength(CRAWLER_COOKIE_MAX_LENGTH, rule('COOKIE_TOO_LONG')) @Matches(COOKIE_TEXT, rule('COOKIE_CONTROL_CHARACTERS')) lagou_cookie?: string;

  /** Milliseconds between two pages of one site: 0 … 60,000. */
  @IsOptional()
  @IsInt(rule('INVALID_REQUEST_DELAY'))
  @Min(0, rule('INVALID_REQUEST_DELAY'))
  @Max(REQUEST_DELAY_MAX_MS, rule('REQUEST_DELAY_TOO_LARGE'))
  request_delay?: number;

  @IsOptional() @IsBoolean(rule('INVALID_OPTION')) user_agent_rotation?: boolean;
  @IsOptional() @IsBoolean(rule('INVALID_OPTION')) javascript_rendering?: boolean;
  @IsOptional() @IsBoolean(rule('INVALID_OPTION')) anti_detection?: boolean;

  /** Days a published job stays up: 1 … 365 (default 30). */
  @IsOptional()
  @IsInt(rule('INVALID_JOB_EXPIRY_DAYS'))
  @Min(JOB_EXPIRY_DAYS_MIN, rule('INVALID_JOB_EXPIRY_DAYS'))
  @Max(JOB_EXPIRY_DAYS_MAX, rule('INVALID_JOB_EXPIRY_DAYS'))
  job_expiry_days?: number;

  /** Minutes a captcha or login wall waits for the operator: 1 … 240 (default 30). */
  @IsOptional()
  @IsInt(rule('INVALID_HUMAN_CHECK_TIMEOUT'))
  @Min(HUMAN_CHECK_TIMEOUT_MINUTES_MIN, rule('INVALID_HUMAN_CHECK_TIMEOUT'))
  @Max(HUMAN_CHECK_TIMEOUT_MINUTES_MAX, rule('INVALID_HUMAN_CHECK_TIMEOUT'))
  human_check_timeout_minutes?: number;
}
