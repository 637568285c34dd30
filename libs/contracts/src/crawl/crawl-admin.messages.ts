import type { CrawlSite } from '../enums/crawl.enums';
import type { CrawlerDiagnostics } from './crawl-admin.responses';
import { CRAWL_CITIES } from './crawl-cities';
import { CRAWL_FAILURE_LABELS } from './crawl-failure';

/** Sites the automated crawl form offers (spec §9 "Site select"). */
export const AUTOMATED_CRAWL_SITES = ['zhaopin', 'zhipin', 'job51'] as const;
export type AutomatedCrawlSite = (typeof AUTOMATED_CRAWL_SITES)[number];

/**
 * The spec's Chinese wording (§5, §8) for the crawl admin calls, shared by the API and the admin screens so
 * a message cannot drift between them.
 */
export const CRAWL_MESSAGES = {
  taskNameRequired: '任务名称不能为空',
  keywordRequired: '至少需要一个关键词',
  targetUrlRequired: '至少需要一个目标URL',
  invalidUrl: '请输入有效的URL',
  invalidSite: '站点必须是 zhaopin, zhipin, job51, liepin, lagou 或 other',
  invalidAutomatedSite: `站点必须是 ${AUTOMATED_CRAWL_SITES.join(', ')}`,
  invalidCity: `城市必须是 ${CRAWL_CITIES.join(', ')}`,
  maxResultsFixed: '最大结果数固定为50',
  waitTimeTooShort: '等待时间不能少于3秒',
  waitTimeTooLong: '等待时间不能超过30秒',
  invalidOption: '选项必须是 true 或 false',
  invalidTaskId: '任务ID格式无效',
  invalidResultId: '结果ID格式无效',
  invalidTaskStatus: '状态必须是 pending, running, completed 或 failed',
  invalidResultStatus: '状态必须是 pending, approved, published 或 rejected',
  invalidReviewStatus: '审核状态必须是 approved 或 rejected',
  titleRequired: '职位名称不能为空',
  companyRequired: '公司名称不能为空',
  locationRequired: '工作地点不能为空',
  salaryRequired: '薪资范围不能为空',
  descriptionTooShort: '职位描述至少10个字符',
  requirementsTooShort: '职位要求至少10个字符',
  skillTagsRequired: '技能标签不能为空',
  sourceUrlRequired: '来源链接不能为空',
  invalidRequestDelay: '请求间隔必须是不小于0的整数（毫秒）',
  invalidCookie: 'Cookie 必须是文本',
  taskNotFound: '任务不存在',
  resultNotFound: '结果不存在',
  taskRunning: '任务正在运行中，请等待当前运行完成后再试',
  taskStarted: '任务已开始运行',
  taskCreated: '创建成功',
  manualJobCreated: '添加成功',
  approved: '批准成功',
  rejected: '已拒绝',
  reviewOnlyPending: '只有待审核的结果可以审核',
  published: '职位已发布到网站首页',
  publishOnlyApproved: '只有已批准的结果可以发布',
  duplicateSourceUrl: '该来源链接的职位已存在',
  configSaved: '保存成功',
  crawlStillRunning: '抓取仍在进行中，请稍后在抓取结果中查看',
  crawlFailed: '自动抓取失败',
  searchSucceeded: '搜索成功',
  testCompleted: '测试完成',
  testFailed: '测试失败',
} as const;

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

/** 测试完成 / 测试失败 (spec §8) with what was found, one clause per site that did not pass. */
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
