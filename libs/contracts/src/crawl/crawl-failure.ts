import type { CrawlSite } from '../enums/crawl.enums';

/**
 * Why a crawl page or run failed. A login wall, captcha or block page is its own reason, never "0 jobs";
 * only the transient reasons are retried.
 */
export const CrawlFailureReason = {
  LoginWall: 'login_wall',
  Captcha: 'captcha',
  Blocked: 'blocked',
  NavigationRefused: 'navigation_refused',
  Timeout: 'timeout',
  HttpError: 'http_error',
  NetworkError: 'network_error',
  NoData: 'no_data',
  Unexpected: 'unexpected',
  /** The run ended outside the crawl itself: its worker died more often than BullMQ allows, or its job was lost. */
  WorkerLost: 'worker_lost',
  /** The site is paused after repeated refusals (adaptive pacing, ADR 064): its pages were not loaded. */
  SitePaused: 'site_paused',
  /** A captcha or login wall waited for a human check longer than the setting allows (ADR 078): the site was skipped. */
  CheckTimedOut: 'check_timed_out',
} as const;
export type CrawlFailureReason = (typeof CrawlFailureReason)[keyof typeof CrawlFailureReason];
export const CRAWL_FAILURE_REASONS: readonly CrawlFailureReason[] = Object.values(CrawlFailureReason);

/** How the admin reads a failure reason (crawler-config test, task statistics). */
export const CRAWL_FAILURE_LABELS: Readonly<Record<CrawlFailureReason, string>> = {
  login_wall: '需要登录（Cookie 无效或已过期）',
  captcha: '出现验证码',
  blocked: '访问被拦截',
  navigation_refused: '地址不在允许抓取的站点内',
  timeout: '页面加载超时',
  http_error: 'HTTP 错误',
  network_error: '无法连接',
  no_data: '页面上没有职位数据',
  unexpected: '意外错误',
  worker_lost: '抓取进程中断，任务未能完成',
  site_paused: '站点多次拒绝访问，暂停抓取中',
  check_timed_out: '等待验证超时，已跳过该站点',
};

/** Reasons worth another attempt with backoff; the rest need the operator (cookies, config, selectors). */
export const TRANSIENT_CRAWL_FAILURES: readonly CrawlFailureReason[] = ['timeout', 'http_error', 'network_error', 'unexpected'];

/** Statistics of one run of a crawl task, kept with the task (crawl_tasks.lastRunStats). */
export interface CrawlRunStatistics {
  /** The BullMQ job id of the run. */
  jobId: string;
  /** 1 for the first attempt, more after retries. */
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  pagesTotal: number;
  pagesDone: number;
  /** Jobs read from the pages (after normalisation). */
  found: number;
  /** Results inserted by this run. */
  new: number;
  /** Results that already existed (same canonical sourceUrl). */
  duplicates: number;
  failures: Partial<Record<CrawlFailureReason, number>>;
  /** Storage object names of the page snapshot (HTML, screenshot) of the first failure of each kind. */
  snapshots: Partial<Record<CrawlFailureReason, { html: string; screenshot: string | null; url: string }>>;
  /** How the jobs were read: data endpoint / embedded JSON, or DOM through learned selectors. */
  sources: Partial<Record<'json' | 'embedded' | 'dom', number>>;
  /** Set when the run failed. */
  failureReason: CrawlFailureReason | null;
  message: string | null;
  /** The same figures per site the run loaded pages of (a task may span sites); failures add up over attempts. */
  sites?: Partial<Record<CrawlSite, SiteRunTally>>;
  /** The site whose page the run is loading (stored when it changes): a run lost mid-way is charged to it. */
  currentSite?: CrawlSite;
  /** Fired by the task's schedule rather than by an operator. */
  scheduled?: boolean;
  /**
   * The sites whose part of the run waits for a human check (等待验证, ADR 078): a captcha or login wall met on a
   * page, kept open in the worker's tab for the operator's live view. Gone once solved or timed out.
   */
  humanChecks?: Partial<Record<CrawlSite, HumanCheckWait>>;
}

/** A site's part of a run waiting for the operator to solve a captcha or a login wall in the live view. */
export interface HumanCheckWait {
  reason: 'captcha' | 'login_wall';
  /** The live view attached to the very tab that met the check (open its events, send input, close it). */
  viewId: string;
  /** The page that met the check, and the page number the site's part resumes at. */
  url: string;
  pageNumber: number;
  since: string;
  /** When the site is skipped unless solved (human_check_timeout_minutes after `since`). */
  until: string;
}

/** One site's share of a run (crawl_runs keeps one row per site when the run ends, for the site-health view). */
export interface SiteRunTally {
  pagesDone: number;
  found: number;
  failures: Partial<Record<CrawlFailureReason, number>>;
}

/** BullMQ progress of a crawl job (`job.progress`). */
export interface CrawlJobProgress {
  pagesDone: number;
  pagesTotal: number;
  jobsFound: number;
  /** The sites waiting for a human check (等待验证), as on the run's statistics: the queue board and the crawl events show them. */
  humanChecks?: Partial<Record<CrawlSite, HumanCheckWait>>;
}

/** The statistics of a run that has just started (or was lost before it wrote any). */
export function newRunStatistics(jobId: string, attempt: number, startedAt: string): CrawlRunStatistics {
  return {
    jobId,
    attempt,
    startedAt,
    finishedAt: null,
    pagesTotal: 0,
    pagesDone: 0,
    found: 0,
    new: 0,
    duplicates: 0,
    failures: {},
    snapshots: {},
    sources: {},
    failureReason: null,
    message: null,
  };
}
