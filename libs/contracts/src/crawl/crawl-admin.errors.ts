import { CRAWLER_COOKIE_MAX_LENGTH, REQUEST_DELAY_MAX_MS } from './crawler-config';

/** Error codes of the crawl admin calls, with their wording (docs/product/errors.md#crawler). */
export const CRAWL_ERRORS = {
  TASK_NAME_REQUIRED: '任务名称不能为空',
  TASK_NAME_TOO_LONG: '任务名称不能超过255个字符',
  KEYWORD_REQUIRED: '至少需要一个关键词',
  SEARCH_KEYWORD_REQUIRED: '关键词不能为空',
  /** A keyword becomes part of the task's name (at most 255 characters) and of every search URL. */
  KEYWORD_TOO_LONG: '关键词不能超过50个字符',
  TARGET_URL_REQUIRED: '至少需要一个目标URL',
  INVALID_URL: '请输入有效的URL',
  /** A target URL on a loopback or private network address (the crawler never calls inside). */
  TARGET_URL_PRIVATE: '目标URL不能指向内网或本机地址',
  INVALID_SITE: '站点必须是 zhaopin, zhipin, job51, liepin, lagou 或 other',
  /*
   * Written out, not joined from AUTOMATED_CRAWL_SITES and CRAWL_CITIES: this catalog ships with /admin/login,
   * and a list it imported would sit in that bundle for every screen that reads it (crawl-admin.errors.spec.ts
   * checks both agree).
   */
  INVALID_AUTOMATED_SITE: '站点必须是 zhaopin, zhipin, job51',
  INVALID_CITY: '城市必须是 长沙, 北京, 上海, 广州, 深圳, 杭州, 成都, 武汉, 西安, 南京',
  MAX_RESULTS_FIXED: '最大结果数固定为50',
  MAX_RESULTS_TOO_SMALL: '最大结果数必须大于0',
  MAX_RESULTS_TOO_LARGE: '最大结果数不能超过500',
  WAIT_TIME_TOO_SHORT: '等待时间不能少于3秒',
  WAIT_TIME_TOO_LONG: '等待时间不能超过30秒',
  INVALID_OPTION: '选项必须是 true 或 false',
  INVALID_TASK_ID: '任务ID格式无效',
  INVALID_RESULT_ID: '结果ID格式无效',
  INVALID_TASK_STATUS: '状态必须是 pending, running, completed 或 failed',
  INVALID_RESULT_STATUS: '状态必须是 pending, approved, published 或 rejected',
  INVALID_REVIEW_STATUS: '审核状态必须是 approved 或 rejected',
  FEEDBACK_NOT_TEXT: '审核意见必须是文本',
  FEEDBACK_TOO_LONG: '审核意见不能超过2000个字符',
  TITLE_REQUIRED: '职位名称不能为空',
  COMPANY_REQUIRED: '公司名称不能为空',
  LOCATION_REQUIRED: '工作地点不能为空',
  SALARY_REQUIRED: '薪资范围不能为空',
  DESCRIPTION_TOO_SHORT: '职位描述至少10个字符',
  REQUIREMENTS_TOO_SHORT: '职位要求至少10个字符',
  SKILL_TAGS_REQUIRED: '技能标签不能为空',
  SOURCE_URL_REQUIRED: '来源链接不能为空',
  INVALID_REQUEST_DELAY: '请求间隔必须是不小于0的整数（毫秒）',
  REQUEST_DELAY_TOO_LARGE: `请求间隔不能超过${REQUEST_DELAY_MAX_MS}毫秒`,
  INVALID_COOKIE: 'Cookie 必须是文本',
  COOKIE_TOO_LONG: `Cookie 不能超过${CRAWLER_COOKIE_MAX_LENGTH}个字符`,
  /** A line break or other control character, often from copying a request's headers: one header line is expected. */
  COOKIE_CONTROL_CHARACTERS: 'Cookie 不能包含换行、制表符等控制字符，请粘贴为一行',
  TASK_NOT_FOUND: '任务不存在',
  RESULT_NOT_FOUND: '结果不存在',
  TASK_RUNNING: '任务正在运行中，请等待当前运行完成后再试',
  REVIEW_ONLY_PENDING: '只有待审核的结果可以审核',
  PUBLISH_ONLY_APPROVED: '只有已批准的结果可以发布',
  DUPLICATE_SOURCE_URL: '该来源链接的职位已存在',
  /** 502: the automated crawl ran and failed (the answer's message adds the reason). */
  CRAWL_FAILED: '自动抓取失败',
  /** 503: no worker is there to run the crawler test (the answer's message says what is missing). */
  CRAWLER_UNAVAILABLE: '测试失败：抓取服务不可用',
  /** 502: the worker took the crawler test and failed it (the answer's message says why). */
  CRAWLER_TEST_FAILED: '测试失败',
  /** 504: no worker finished the crawler test in time. */
  CRAWLER_TEST_TIMED_OUT: '测试失败：抓取进程未在时限内完成测试（可能正忙或已停止），请稍后重试',
} as const;

export type CrawlErrorCode = keyof typeof CRAWL_ERRORS;

/** Error codes of the published-jobs admin calls. */
export const PUBLISHED_JOB_ERRORS = {
  INVALID_JOB_ID: '职位ID格式无效',
  JOB_NOT_FOUND: '职位不存在',
  INVALID_IS_ACTIVE: 'isActive 必须是 true 或 false',
} as const;

export type PublishedJobErrorCode = keyof typeof PUBLISHED_JOB_ERRORS;
