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
import { CRAWL_SITES, CrawlResultStatus, type CrawlSite } from '../enums/crawl.enums';
import { AUTOMATED_CRAWL_MAX_RESULTS, CRAWL_CITIES, CRAWL_WAIT_TIME_MAX_MS, CRAWL_WAIT_TIME_MIN_MS, type CrawlCity } from './crawl-cities';
import { AUTOMATED_CRAWL_SITES, CRAWL_MESSAGES, type AutomatedCrawlSite } from './crawl-admin.messages';

/*
 * Universal classes: the admin validates its forms with them in the browser (no reflect-metadata), so no
 * class-transformer @Type here. Decorators are listed in the order a form reads the rules: the first
 * failing one (top) is the message the API answers with.
 */

/** Not blank: at least one non-space character. */
const NOT_BLANK = /\S/;
/** http(s) with a host; the crawler navigates nothing else. */
const WEB_URL = { require_protocol: true, protocols: ['http', 'https'] };
export const MANUAL_JOB_TEXT_MIN_LENGTH = 10;

/** POST /api/admin/crawl-tasks (spec §5 "Crawl task (server)" and the form's extra options). */
export class CreateCrawlTaskDto {
  @IsString({ message: CRAWL_MESSAGES.taskNameRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.taskNameRequired })
  @MaxLength(255, { message: '任务名称不能超过255个字符' })
  name!: string;

  @IsArray({ message: CRAWL_MESSAGES.keywordRequired })
  @ArrayNotEmpty({ message: CRAWL_MESSAGES.keywordRequired })
  @IsString({ each: true, message: CRAWL_MESSAGES.keywordRequired })
  @Matches(NOT_BLANK, { each: true, message: CRAWL_MESSAGES.keywordRequired })
  keywords!: string[];

  @IsArray({ message: CRAWL_MESSAGES.targetUrlRequired })
  @ArrayNotEmpty({ message: CRAWL_MESSAGES.targetUrlRequired })
  @IsUrl(WEB_URL, { each: true, message: CRAWL_MESSAGES.invalidUrl })
  targetUrls!: string[];

  @IsOptional()
  @IsIn(CRAWL_SITES, { message: CRAWL_MESSAGES.invalidSite })
  site?: CrawlSite;

  @IsOptional()
  @IsBoolean({ message: CRAWL_MESSAGES.invalidOption })
  enableJavaScriptRendering?: boolean;

  @IsOptional()
  @IsBoolean({ message: CRAWL_MESSAGES.invalidOption })
  antiDetectionMode?: boolean;

  @IsOptional()
  @IsInt({ message: CRAWL_MESSAGES.waitTimeTooShort })
  @Min(CRAWL_WAIT_TIME_MIN_MS, { message: CRAWL_MESSAGES.waitTimeTooShort })
  @Max(CRAWL_WAIT_TIME_MAX_MS, { message: CRAWL_MESSAGES.waitTimeTooLong })
  waitTime?: number;
}

/** POST /api/admin/crawl/run: the automated crawl (spec §7, §9). */
export class RunAutomatedCrawlDto {
  @IsIn(AUTOMATED_CRAWL_SITES, { message: CRAWL_MESSAGES.invalidAutomatedSite })
  site!: AutomatedCrawlSite;

  @IsArray({ message: CRAWL_MESSAGES.keywordRequired })
  @ArrayNotEmpty({ message: CRAWL_MESSAGES.keywordRequired })
  @IsString({ each: true, message: CRAWL_MESSAGES.keywordRequired })
  @Matches(NOT_BLANK, { each: true, message: CRAWL_MESSAGES.keywordRequired })
  keywords!: string[];

  @IsIn(CRAWL_CITIES, { message: CRAWL_MESSAGES.invalidCity })
  city!: CrawlCity;

  /** Fixed at 50 per run (spec §9); sent by the admin, refused if anything else. */
  @IsOptional()
  @IsIn([AUTOMATED_CRAWL_MAX_RESULTS], { message: CRAWL_MESSAGES.maxResultsFixed })
  maxResults?: number;

  @IsString({ message: CRAWL_MESSAGES.taskNameRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.taskNameRequired })
  @MaxLength(255, { message: '任务名称不能超过255个字符' })
  taskName!: string;
}

/** POST /api/admin/zhaopin/search: one keyword on zhaopin (spec §7 "search input"). */
export class ZhaopinSearchDto {
  @IsString({ message: '关键词不能为空' })
  @Matches(NOT_BLANK, { message: '关键词不能为空' })
  keyword!: string;

  @IsOptional()
  @IsIn(CRAWL_CITIES, { message: CRAWL_MESSAGES.invalidCity })
  city?: CrawlCity;
}

/** POST /api/admin/crawl-results: a job added by hand (spec §5 "Manual job form", all required). */
export class CreateManualJobDto {
  @IsString({ message: CRAWL_MESSAGES.titleRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.titleRequired })
  title!: string;

  @IsString({ message: CRAWL_MESSAGES.companyRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.companyRequired })
  company!: string;

  @IsString({ message: CRAWL_MESSAGES.locationRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.locationRequired })
  location!: string;

  @IsString({ message: CRAWL_MESSAGES.salaryRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.salaryRequired })
  salary!: string;

  @IsString({ message: CRAWL_MESSAGES.descriptionTooShort })
  @MinLength(MANUAL_JOB_TEXT_MIN_LENGTH, { message: CRAWL_MESSAGES.descriptionTooShort })
  description!: string;

  @IsString({ message: CRAWL_MESSAGES.requirementsTooShort })
  @MinLength(MANUAL_JOB_TEXT_MIN_LENGTH, { message: CRAWL_MESSAGES.requirementsTooShort })
  requirements!: string;

  @IsArray({ message: CRAWL_MESSAGES.skillTagsRequired })
  @ArrayNotEmpty({ message: CRAWL_MESSAGES.skillTagsRequired })
  @IsString({ each: true, message: CRAWL_MESSAGES.skillTagsRequired })
  @Matches(NOT_BLANK, { each: true, message: CRAWL_MESSAGES.skillTagsRequired })
  skillTags!: string[];

  @IsString({ message: CRAWL_MESSAGES.sourceUrlRequired })
  @Matches(NOT_BLANK, { message: CRAWL_MESSAGES.sourceUrlRequired })
  @IsUrl(WEB_URL, { message: CRAWL_MESSAGES.invalidUrl })
  sourceUrl!: string;

  /** The admin form sends "approved"; a manual job is always created approved (spec §4). */
  @IsOptional()
  @IsIn([CrawlResultStatus.Approved], { message: CRAWL_MESSAGES.invalidResultStatus })
  status?: typeof CrawlResultStatus.Approved;
}

export const REVIEW_DECISIONS = [CrawlResultStatus.Approved, CrawlResultStatus.Rejected] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** PATCH /api/admin/crawl-results/{id}/review */
export class ReviewCrawlResultDto {
  @IsIn(REVIEW_DECISIONS, { message: CRAWL_MESSAGES.invalidReviewStatus })
  status!: ReviewDecision;

  @IsOptional()
  @IsString({ message: '审核意见必须是文本' })
  @MaxLength(2000, { message: '审核意见不能超过2000个字符' })
  feedback?: string;
}

/** POST /api/admin/crawler-config: any subset of the keys of spec §3 "Crawler config". */
export class SaveCrawlerConfigDto {
  @IsOptional() @IsString({ message: CRAWL_MESSAGES.invalidCookie }) zhaopin_cookie?: string;
  @IsOptional() @IsString({ message: CRAWL_MESSAGES.invalidCookie }) boss_cookie?: string;
  @IsOptional() @IsString({ message: CRAWL_MESSAGES.invalidCookie }) job51_cookie?: string;
  @IsOptional() @IsString({ message: CRAWL_MESSAGES.invalidCookie }) liepin_cookie?: string;
  @IsOptional() @IsString({ message: CRAWL_MESSAGES.invalidCookie }) lagou_cookie?: string;

  @IsOptional()
  @IsInt({ message: CRAWL_MESSAGES.invalidRequestDelay })
  @Min(0, { message: CRAWL_MESSAGES.invalidRequestDelay })
  request_delay?: number;

  @IsOptional() @IsBoolean({ message: CRAWL_MESSAGES.invalidOption }) user_agent_rotation?: boolean;
  @IsOptional() @IsBoolean({ message: CRAWL_MESSAGES.invalidOption }) javascript_rendering?: boolean;
  @IsOptional() @IsBoolean({ message: CRAWL_MESSAGES.invalidOption }) anti_detection?: boolean;
}
