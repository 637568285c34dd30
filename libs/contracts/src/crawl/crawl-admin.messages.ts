import { CrawlResultStatus, type CrawlSite } from '../enums/crawl.enums';
import type { CrawlerDiagnostics } from './crawl-admin.responses';
import { CRAWL_FAILURE_LABELS } from './crawl-failure';

/** Sites the automated crawl form offers (docs/product/validation.md#automated-crawl). */
export const AUTOMATED_CRAWL_SITES = ['zhaopin', 'zhipin', 'job51'] as const;
export type AutomatedCrawlSite = (typeof AUTOMATED_CRAWL_SITES)[number];

/**
 * The Chinese wording of what the crawl admin calls say when they succeed (the toasts of docs/product/crawler.md);
 * their failures are CRAWL_ERRORS (crawl-admin.errors.ts).
 */
export const CRAWL_MESSAGES = {
  taskStarted: '任务已开始运行',
  taskCreated: '创建成功',
  manualJobCreated: '添加成功',
  approved: '批准成功',
  rejected: '已拒绝',
  published: '职位已发布到网站首页',
  configSaved: '保存成功',
  crawlStillRunning: '抓取仍在进行中，请稍后在抓取结果中查看',
  searchSucceeded: '搜索成功',
  testCompleted: '测试完成',
  testFailed: '测试失败',
} as const;

/**
 * The manual job form's description and requirements need at least this many characters
 * (docs/product/validation.md#manual-job).
 */
export const MANUAL_JOB_TEXT_MIN_LENGTH = 10;

export const REVIEW_DECISIONS = [CrawlResultStatus.Approved, CrawlResultStatus.Rejected] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The recruitment sites as the admin names them. */
export const CRAWL_SITE_NAMES: Readonly<Record<Exclude<CrawlSite, 'other'>, string>> = {
  zhaopin: '智联招聘',
  zhipin: 'BOSS直聘',
  job51: '前程无忧',
  liepin: '猎聘',
  lagou: '拉勾',
};

/** Whether a crawler-config test passed: Chromium started and every site's search page listed jobs. */
export function crawlerTestPassed(diagnostics: CrawlerDiagnostics): boolean {
  return diagnostics.chromium.ok && diagnostics.sites.length > 0 && diagnostics.sites.every((site) => site.outcome === 'ok');
}

/** 测试完成 / 测试失败 (docs/product/crawler.md#settings-test) with what was found, one clause per site that did not pass. */
export function crawlerTestMessage(diagnostics: CrawlerDiagnostics): string {
  const { chromium, sites } = diagnostics;
  if (crawlerTestPassed(diagnostics)) {
    return `${CRAWL_MESSAGES.testCompleted}：Chromium ${chromium.version ?? ''} 已启动，${sites.length} 个站点的搜索页均可访问并列出职位`;
  }
  const problems: string[] = [];
  if (!chromium.ok) problems.push(`Chromium 无法启动（${chromium.message ?? '原因未知'}）`);
  const untested = sites.filter((site) => site.outcome === 'not_tested').length;
  if (untested > 0) problems.push(`${untested} 个站点未能测试`);
  for (const site of sites) {
    if (site.outcome === 'ok' || site.outcome === 'not_tested') continue;
    const label = site.outcome === 'busy' ? '站点正在被抓取，测试时限内未轮到' : CRAWL_FAILURE_LABELS[site.outcome];
    const status = site.status !== null && site.status >= 400 ? `，HTTP ${site.status}` : '';
    problems.push(`${CRAWL_SITE_NAMES[site.site]}：${label}${status}`);
  }
  const passed = sites.filter((site) => site.outcome === 'ok').length;
  if (passed > 0) problems.push(`其余 ${passed} 个站点正常`);
  return `${CRAWL_MESSAGES.testFailed}：${problems.join('；')}`;
}

/** The test could not run: no worker, or no answer in time. */
export const crawlerTestNotRunMessage = (reason: string): string => `${CRAWL_MESSAGES.testFailed}：${reason}`;
export const crawlerTestTimedOutMessage = (seconds: number): string =>
  `${CRAWL_MESSAGES.testFailed}：抓取进程未在 ${seconds} 秒内完成测试（可能正忙或已停止），请稍后重试`;

export const crawlSucceededMessage = (count: number): string => `自动抓取成功，找到 ${count} 个职位`;
export const crawlClearedMessage = (count: number): string => `已清除 ${count} 条未发布的记录`;
