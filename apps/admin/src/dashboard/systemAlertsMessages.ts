/** The dashboard's alerts (docs/product/operations.md#on-the-dashboard), under `aipm.system_alerts`. zh is the reference. */
export const zhSystemAlertsMessages = {
  title: '系统提醒',
  backup_never: '还没有成功的数据备份：请在下方“数据备份”中立即备份',
  backup_stale: '数据备份已超过 36 小时：最近一次成功备份在 %{time}',
  queue_waiting: '队列 %{queue} 中有任务已等待 %{minutes} 分钟：工作进程可能没有运行或处理不过来',
  site_failing: '%{site} 最近一小时只读取到 %{percent}% 的页面（共 %{pages} 页）：可能被网站拒绝访问，请查看爬虫设置中的站点健康',
  waiting_check: '等待验证：抓取任务“%{task}”在%{site}第 %{page} 页遇到验证，请在招聘爬虫的任务卡片上点“处理验证”；%{until} 前未完成将跳过该站点',
};

export const enSystemAlertsMessages: typeof zhSystemAlertsMessages = {
  title: 'System alerts',
  backup_never: 'There is no good backup yet: back up now under Backups below',
  backup_stale: 'The last good backup is more than 36 hours old: it finished at %{time}',
  queue_waiting: 'A job in the %{queue} queue has waited %{minutes} minutes: no worker may be running, or they cannot keep up',
  site_failing: '%{site} read only %{percent}% of its pages in the last hour (%{pages} pages): the site may be refusing the crawler; see site health in the crawler settings',
  waiting_check: 'Waiting for a check: the crawl task “%{task}” met a check on %{site}, page %{page}; choose Solve the check on its card under Job crawler; unsolved by %{until}, the site is skipped',
};
