import { CRAWL_SCHEDULE_MIN_INTERVAL_MINUTES, JOB_EXPIRY_DAYS_MAX, JOB_EXPIRY_DAYS_MIN } from './crawl-ops';
import { HUMAN_CHECK_TIMEOUT_MINUTES_MAX, HUMAN_CHECK_TIMEOUT_MINUTES_MIN } from './crawler-config';

/** Error codes of crawl schedules and job expiry (docs/product/validation.md#crawl-schedule, ADR 020). */
export const CRAWL_OPS_ERRORS = {
  INVALID_SCHEDULE: 'Cron 表达式无效：需要5个字段（分 时 日 月 周），例如 0 9 * * 1-5',
  SCHEDULE_TOO_FREQUENT: `定时抓取的间隔不能少于${CRAWL_SCHEDULE_MIN_INTERVAL_MINUTES}分钟`,
  INVALID_JOB_EXPIRY_DAYS: `职位有效天数必须是${JOB_EXPIRY_DAYS_MIN}到${JOB_EXPIRY_DAYS_MAX}之间的整数`,
  INVALID_HUMAN_CHECK_TIMEOUT: `等待验证时限必须是${HUMAN_CHECK_TIMEOUT_MINUTES_MIN}到${HUMAN_CHECK_TIMEOUT_MINUTES_MAX}之间的整数（分钟）`,
} as const;

export type CrawlOpsErrorCode = keyof typeof CRAWL_OPS_ERRORS;
