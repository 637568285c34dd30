/**
 * The site-health card's wording (docs/product/crawler.md#site-health), under `aipm.site_health`. zh is the
 * reference.
 */
export const zhSiteHealthMessages = {
  title: '站点健康',
  hint: '每个站点最近 %{window} 次抓取的情况；某站点先前能抓到职位、最近一次却为 0 时标记为需关注。',
  refresh: '刷新',
  load_failed: '站点健康加载失败：%{message}',
  flagged: '需关注',
  healthy: '正常',
  no_runs: '暂无抓取记录',
  last_success: '最近成功',
  never: '从未成功',
  success_rate: '成功率',
  success_rate_value: '%{rate}%（最近 %{runs} 次）',
  failures: '失败原因',
  no_failures: '无',
  failure_count: '%{reason} × %{count}',
  selectors: '学习到的选择器',
  selectors_value: '%{count} 组，最高置信度 %{best}，平均 %{average}',
  selectors_none: '尚未学习',
  zero_runs: '零结果运行',
  zero_runs_value: '%{count} 次（最近一次 %{date}）',
  zero_runs_none: '无',
};

export const enSiteHealthMessages: typeof zhSiteHealthMessages = {
  title: 'Site health',
  hint: "Each site's last %{window} crawls; a site whose latest run found nothing after earlier runs found jobs is flagged.",
  refresh: 'Refresh',
  load_failed: 'Could not load the site health: %{message}',
  flagged: 'Needs attention',
  healthy: 'Healthy',
  no_runs: 'No crawls yet',
  last_success: 'Last success',
  never: 'Never',
  success_rate: 'Success rate',
  success_rate_value: '%{rate}% (last %{runs} runs)',
  failures: 'Failures',
  no_failures: 'None',
  failure_count: '%{reason} × %{count}',
  selectors: 'Learned selectors',
  selectors_value: '%{count} sets, best confidence %{best}, average %{average}',
  selectors_none: 'None learned yet',
  zero_runs: 'Runs with zero jobs',
  zero_runs_value: '%{count} (latest %{date})',
  zero_runs_none: 'None',
};
