import {
  type AutomatedCrawlResponse,
  CRAWL_FAILURE_REASONS,
  CRAWL_MESSAGES,
  CRAWL_RESULT_STATUSES,
  CRAWL_SITES,
  CRAWL_TASK_STATUSES,
  type CrawledJob,
  type CrawlerConfig,
  type CrawlerDiagnostics,
  type CrawlerTestResponse,
  type CrawlResultResponse,
  type CrawlRunStatistics,
  type CrawlServiceStatus,
  type CrawlTaskResponse,
  CRAWL_SERVICE_STATES,
  PACE_SIGNALS,
  PACE_STEPS,
  PACE_SUCCESSES_TO_STEP_DOWN,
  type SiteDiagnosis,
  type SiteHealth,
  type SiteRunTally,
  SEARCH_SITES,
  SITE_SESSION_STATES,
  type SiteSessionDeleted,
  type SiteSessionStatus,
  type LiveViewClosed,
  type LiveViewOpened,
} from '@aipm/contracts';
import type { CreateCrawlTaskDto, CreateManualJobDto, ReviewCrawlResultDto, RunAutomatedCrawlDto, SaveCrawlerConfigDto, SetCrawlScheduleDto, ZhaopinSearchDto } from '@aipm/contracts/dto';
import { boolean, constant, dateTime, dictionary, integer, listOf, nullable, number, object, oneOf, type PropertiesOf, recordSchema, refTo, text, url, uuid } from '../../common/openapi/schemas';

/* The crawler back office's shapes and examples (tasks, runs, results, settings); ADR 022. */

const SITE_RUN_TALLY = recordSchema<SiteRunTally>('SiteRunTally', {
  pagesDone: integer(3),
  found: integer(48),
  failures: dictionary({ captcha: '1' } as Record<string, string>, 'Pages that failed on this site, by reason'),
});

export const CRAWL_RUN_STATISTICS = recordSchema<CrawlRunStatistics>(
  'CrawlRunStatistics',
  {
    jobId: text('42', 'The BullMQ job id of the run'),
    attempt: integer(1, '1 for the first attempt, more after retries'),
    startedAt: dateTime('2026-11-24T08:30:00.000Z'),
    finishedAt: nullable(dateTime('2026-11-24T08:31:12.000Z')),
    pagesTotal: integer(3),
    pagesDone: integer(3),
    found: integer(48, 'Jobs read from the pages'),
    new: integer(41, 'Results inserted by this run'),
    duplicates: integer(7, 'Results that already existed (same canonical sourceUrl)'),
    failures: dictionary({ captcha: '1' } as Record<string, string>, 'Pages that failed, by reason (' + CRAWL_FAILURE_REASONS.join(', ') + ')'),
    snapshots: dictionary({}, 'Storage names of the page snapshot (html, screenshot, url) of the first failure of each reason'),
    sources: dictionary({ json: '2', dom: '1' } as Record<string, string>, 'Pages read by data endpoint (json), embedded JSON or DOM'),
    failureReason: nullable(oneOf(CRAWL_FAILURE_REASONS, 'captcha')),
    message: nullable(text('第 2 页出现验证码')),
    sites: {
      type: 'object',
      additionalProperties: SITE_RUN_TALLY,
      description: 'The same figures per site the run loaded pages of (a task may span sites)',
      example: { zhipin: { pagesDone: 3, found: 48, failures: { captcha: 1 } } },
    },
    currentSite: oneOf(CRAWL_SITES, 'zhipin', 'The site whose page the run is loading (a run lost mid-way is charged to it in site health)'),
    scheduled: boolean(false, 'Fired by the task\'s schedule rather than by an operator'),
    humanChecks: {
      type: 'object',
      additionalProperties: { type: 'object' },
      description:
        'The sites whose part of the run waits for a human check (等待验证): reason (captcha | login_wall), viewId (the live view of the very tab that met it), url, pageNumber (where the site resumes), since, until (when it is skipped unless solved)',
      example: { zhipin: { reason: 'captcha', viewId: '3f1c2a9e-6b7d-4e21-9a0b-5c4d3e2f1a0b', url: 'https://www.zhipin.com/web/geek/job?query=AI&city=101250100&page=3', pageNumber: 3, since: '2026-11-24T08:31:00.000Z', until: '2026-11-24T09:01:00.000Z' } },
    },
  },
  { description: 'What the last run of a task did', optional: ['sites', 'currentSite', 'scheduled', 'humanChecks'] },
);

export const CRAWL_TASK = recordSchema<CrawlTaskResponse>('CrawlTaskResponse', {
  id: uuid(),
  name: text('长沙 AI 产品经理'),
  site: nullable(oneOf(CRAWL_SITES, 'zhipin')),
  keywords: listOf(text('AI产品经理')),
  targetUrls: listOf(url('https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=101250100')),
  status: oneOf(CRAWL_TASK_STATUSES, 'completed'),
  enableJavaScriptRendering: boolean(true),
  antiDetectionMode: boolean(true),
  waitTime: integer(8000, 'Milliseconds to wait for a page'),
  maxResults: integer(100, 'Each run stops once this many results are stored, new or already known (ADR 062)'),
  createdAt: dateTime(),
  lastRunAt: nullable(dateTime()),
  lastRunStats: nullable(CRAWL_RUN_STATISTICS),
  createdBy: nullable(uuid('8d1f2e3a-4b5c-4d6e-8f70-9a1b2c3d4e5f', 'The administrator who created it')),
  schedule: nullable(text('0 9 * * 1-5', 'Cron (five fields, Asia/Shanghai) when the task runs on a schedule (ADR 020)')),
  nextRunAt: nullable(dateTime('2026-11-25T01:00:00.000Z', "The schedule's next firing")),
});

/** The posting's fields (the contracts' CrawledJob, the source of the shape; ADR 047), each with an example. */
export const CRAWLED_JOB_PROPERTIES = {
  title: text('AI 产品经理'),
  company: text('长沙某科技有限公司'),
  location: nullable(text('长沙·岳麓区')),
  salary: nullable(text('15-25K·13薪')),
  salaryMin: nullable(integer(15000, 'Monthly, whole currency units')),
  salaryMax: nullable(integer(25000, 'Monthly, whole currency units')),
  salaryCurrency: nullable(text('CNY')),
  salaryPeriod: nullable(text('month')),
  salaryMonths: nullable(integer(13)),
  postedAt: nullable(dateTime('2026-11-20T00:00:00.000Z')),
  description: nullable(text('负责 AI 产品的规划与落地，推动跨团队协作。')),
  requirements: nullable(text('三年以上产品经验，熟悉大模型应用。')),
  skillTags: listOf(text('AI')),
  sourceUrl: url('https://www.zhipin.com/job_detail/abc123.html'),
} satisfies PropertiesOf<CrawledJob>;

// `satisfies` rather than a type annotation: a property the interfaces lost (a renamed field's old name) fails too.
const CRAWL_RESULT_PROPERTIES = {
  id: uuid(),
  taskId: nullable(uuid('9b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e')),
  ...CRAWLED_JOB_PROPERTIES,
  status: oneOf(CRAWL_RESULT_STATUSES, 'pending'),
  reviewFeedback: nullable(text('可以发布')),
  extractedAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  publishedAt: nullable(dateTime()),
  createdAt: dateTime(),
  site: nullable(oneOf(CRAWL_SITES, 'zhipin', 'The site the posting was read from (null: added by hand on another site)')),
  sources: listOf(
    object({
      resultId: uuid(),
      site: nullable(oneOf(CRAWL_SITES, 'zhipin')),
      sourceUrl: url('https://www.zhipin.com/job_detail/abc123.html'),
      taskId: nullable(uuid('9b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e')),
      extractedAt: dateTime(),
    }),
    'Every place this posting was found (same title, company and city), this result first (ADR 020)',
  ),
} satisfies PropertiesOf<CrawlResultResponse>;

export const CRAWL_RESULT = recordSchema<CrawlResultResponse>('CrawlResultResponse', CRAWL_RESULT_PROPERTIES);

export const PUBLISHED_CRAWL_RESULT = recordSchema<CrawlResultResponse & { publishedJobId: string }>('PublishedCrawlResultResponse', {
  ...CRAWL_RESULT_PROPERTIES,
  status: constant('published'),
  publishedJobId: uuid('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'The published job now on the site'),
});

export const AUTOMATED_CRAWL = recordSchema<AutomatedCrawlResponse>(
  'AutomatedCrawlResponse',
  {
    success: boolean(true),
    message: text('抓取完成：新增 41 条，重复 7 条'),
    data: object(
      {
        taskId: uuid(),
        jobId: text('42'),
        finished: boolean(true, 'false: the run goes on in the worker (the message says where to look later)'),
        jobs: listOf(refTo('CrawlResultResponse'), 'The results of the run, when it finished in time'),
      },
      'The task made for the run and what it found',
    ),
  },
  { description: `A run that outlasts the wait answers finished: false with "${CRAWL_MESSAGES.crawlStillRunning}"` },
);

export const CRAWLER_CONFIG = recordSchema<CrawlerConfig>(
  'CrawlerConfig',
  {
    zhaopin_cookie: text('x-zp-client-id=…（已隐藏）', 'Masked in answers'),
    boss_cookie: text(''),
    job51_cookie: text(''),
    liepin_cookie: text(''),
    lagou_cookie: text(''),
    request_delay: integer(3000, 'Milliseconds between two page loads on the same site (0 … 60,000)'),
    user_agent_rotation: boolean(true),
    javascript_rendering: boolean(true, 'Off: plain HTTP and an HTML parser instead of Chromium'),
    anti_detection: boolean(true, 'The stealth plugin'),
    job_expiry_days: integer(30, 'A published job older than this many days is deactivated (1 … 365)'),
    human_check_timeout_minutes: integer(30, 'Minutes a captcha or login wall waits for the operator’s live view before its site is skipped (1 … 240)'),
  },
  { description: 'The crawler settings (cookies masked)' },
);

export const CRAWL_SERVICE_STATUS = recordSchema<CrawlServiceStatus>('CrawlServiceStatus', {
  isValid: boolean(true),
  message: text('抓取服务可用：1 个 worker 在线'),
  reason: oneOf(CRAWL_SERVICE_STATES, 'usable', 'What `message` says, for clients that word it in another language'),
  worker: text('crawl-host:4242', 'The live worker, "host:pid", when there is one'),
  siteOrigins: dictionary(
    { zhipin: 'http://127.0.0.1:4010' } as Record<string, string>,
    'Sites the live worker loads from another origin (its CRAWLER_SITE_ORIGINS, tests and demos): site → origin; absent when it loads the real sites',
  ),
}, { optional: ['reason', 'worker', 'siteOrigins'] });

export const SITE_SESSION_STATUS = recordSchema<SiteSessionStatus>('SiteSessionStatus', {
  site: oneOf(SEARCH_SITES, 'zhipin'),
  state: oneOf(SITE_SESSION_STATES, 'stored', 'missing: none stored (or no key); unreadable: stored but it does not open with the key, so never sent'),
  capturedAt: nullable(dateTime()),
  lastSuccessAt: nullable(dateTime()),
  lastRefusalAt: nullable(dateTime()),
  lastRefusal: nullable(text('login_wall: https://www.zhipin.com/web/geek/job: 当前登录状态已失效')),
});

export const SITE_SESSION_DELETED = recordSchema<SiteSessionDeleted>('SiteSessionDeleted', {
  site: oneOf(SEARCH_SITES, 'zhipin'),
  capturedAt: dateTime(undefined, 'When the deleted sign-in had been stored'),
});

export const LIVE_VIEW_OPENED = recordSchema<LiveViewOpened>('LiveViewOpened', {
  viewId: uuid(),
  site: oneOf(SEARCH_SITES, 'zhipin'),
});

export const LIVE_VIEW_CLOSED = recordSchema<LiveViewClosed>('LiveViewClosed', {
  site: oneOf(SEARCH_SITES, 'zhipin'),
  stored: boolean(true, 'The session was stored (sealed); false when the page had nothing to store'),
  cookies: integer(12, 'Cookies of the site’s domains stored'),
  origins: integer(1, 'Origins whose localStorage and sessionStorage were stored'),
});

export const OPEN_LIVE_VIEW_BODY = { site: 'zhipin' };
export const LIVE_VIEW_INPUT_BODY = { kind: 'click', x: 640, y: 400 };
export const LIVE_VIEW_EVENTS_EXAMPLE = [
  'data: {"type":"frame","jpeg":"/9j/4AAQSkZJRg…","width":1280,"height":800,"url":"https://www.zhipin.com/web/user/?ka=header-login"}',
  '',
  'data: {"type":"closed","stored":true,"cookies":12,"origins":1,"reason":"operator"}',
  '',
].join('\n');

export const SITE_HEALTH = recordSchema<SiteHealth>('SiteHealth', {
  site: oneOf(CRAWL_SITES.filter((site) => site !== 'other'), 'zhipin'),
  runs: integer(20, 'Runs counted: the last 20 at most'),
  successRate: nullable(number(0.95, 'Completed runs among them, 0 … 1')),
  lastSuccessAt: nullable(dateTime()),
  lastRunAt: nullable(dateTime()),
  failuresByReason: dictionary({ captcha: '2' } as Record<string, string>, 'Failures of those runs by reason'),
  selectors: object({
    count: integer(6),
    bestConfidence: nullable(number(0.92)),
    averageConfidence: nullable(number(0.81)),
    lastUsed: nullable(dateTime()),
  }, 'The learned DOM selectors of the site'),
  zeroJobRuns: listOf(
    object({ jobId: text('42'), taskId: nullable(uuid()), finishedAt: dateTime(), status: oneOf(['completed', 'failed'] as const, 'completed'), failureReason: nullable(oneOf(CRAWL_FAILURE_REASONS, 'captcha')) }),
    'Runs that returned no job although an earlier run of the site found some',
  ),
  flagged: boolean(false, 'The latest run is such a run: the site probably changed or blocks us'),
  pace: nullable(
    object(
      {
        step: oneOf(PACE_STEPS.map((step) => step.step), 'slow_x2'),
        factor: nullable(integer(2, 'Request delay × this; null while paused')),
        effectiveDelayMs: nullable(integer(6000, 'The request delay times the factor')),
        signal: nullable(oneOf(PACE_SIGNALS, 'captcha')),
        signalAt: nullable(dateTime()),
        since: nullable(dateTime()),
        pausedUntil: nullable(dateTime()),
        successes: integer(3, 'Answered pages in a row towards the next step down'),
        successesToStepDown: integer(PACE_SUCCESSES_TO_STEP_DOWN),
      },
      "The site's pace step now, the signal that caused the last step up and since when (ADR 064); null when Redis could not be read",
    ),
  ),
});

export const SCHEDULE_BODY: SetCrawlScheduleDto = { cron: '0 9 * * 1-5' };

export const CRAWL_EVENTS_EXAMPLE = [
  'event: message',
  'data: {"type":"progress","taskId":"3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12","jobId":"42","pagesDone":2,"pagesTotal":6,"found":20}',
  '',
].join('\n');

const SITE_DIAGNOSIS = recordSchema<SiteDiagnosis>('SiteDiagnosis', {
  site: oneOf(CRAWL_SITES.filter((site) => site !== 'other'), 'zhipin'),
  url: url('https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86'),
  cookie: boolean(true, 'A cookie was stored for the site, and sent'),
  reachable: nullable(boolean(true, 'The site answered at all; null: not tried')),
  status: nullable(integer(200)),
  outcome: oneOf(['ok', 'busy', 'not_tested', ...CRAWL_FAILURE_REASONS], 'ok'),
  jobs: integer(15),
  source: nullable(oneOf(['json', 'embedded', 'dom'], 'json')),
  waitedMs: integer(0, 'Time waiting for the site\'s slot'),
  elapsedMs: integer(2380),
  message: nullable(text('登录墙')),
});

export const CRAWLER_TEST = recordSchema<CrawlerTestResponse>('CrawlerTestResponse', {
  success: boolean(true, 'Chromium started and every site listed jobs'),
  message: text(CRAWL_MESSAGES.testCompleted),
  data: recordSchema<CrawlerDiagnostics>('CrawlerDiagnostics', {
    chromium: object({ ok: boolean(true), version: nullable(text('Chromium 156.0.7000.0')), message: nullable(text('')) }),
    mode: oneOf(['browser', 'http'], 'browser'),
    sites: listOf(SITE_DIAGNOSIS),
    worker: object({ hostname: text('worker-1'), pid: integer(4242) }),
    finishedAt: dateTime(),
  }),
});

export const CLEARED = object({
  success: constant(true),
  message: text('已清除 12 条未发布的记录'),
  deletedCount: integer(12),
});

export const TASK_STARTED = object({ jobId: text('42', 'The BullMQ job of the run') });

export const CREATE_CRAWL_TASK_BODY: CreateCrawlTaskDto = {
  name: '长沙 AI 产品经理',
  keywords: ['AI产品经理'],
  targetUrls: ['https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=101250100'],
  site: 'zhipin',
  enableJavaScriptRendering: true,
  antiDetectionMode: true,
  waitTime: 8000,
  maxResults: 100,
};

export const RUN_AUTOMATED_CRAWL_BODY: RunAutomatedCrawlDto = { site: 'zhipin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '长沙 AI 产品经理（自动）' };

export const ZHAOPIN_SEARCH_BODY: ZhaopinSearchDto = { keyword: 'AI产品经理', city: '长沙' };

export const MANUAL_JOB_BODY: CreateManualJobDto = {
  title: 'AI 产品经理',
  company: '长沙某科技有限公司',
  location: '长沙',
  salary: '15-25K',
  description: '负责 AI 产品的规划与落地，推动跨团队协作。',
  requirements: '三年以上产品经验，熟悉大模型应用。',
  skillTags: ['AI', '产品'],
  sourceUrl: 'https://www.zhipin.com/job_detail/abc123.html',
  status: 'approved',
};

export const REVIEW_BODY: ReviewCrawlResultDto = { status: 'approved', feedback: '可以发布' };

export const SAVE_CRAWLER_CONFIG_BODY: SaveCrawlerConfigDto = {
  zhaopin_cookie: 'x-zp-client-id=0a1b2c3d',
  request_delay: 3000,
  user_agent_rotation: true,
  javascript_rendering: true,
  anti_detection: true,
};
