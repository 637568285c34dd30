import type { FunnelStage, LeadSourceKind } from '@aipm/contracts';

/**
 * The dashboard charts' wording (docs/product/back-office.md#charts), under `aipm.dashboard_charts`; site names are
 * `aipm.crawler.sites`. zh is the reference.
 */
export const zhDashboardChartsMessages = {
  heading: '经营概览',
  loading: '图表加载中',
  load_failed: '图表数据加载失败：%{message}',
  retry: '重试',
  show_table: '显示数据表',
  hide_table: '隐藏数据表',
  table_of: '%{title}：数据表',
  empty: '暂无数据',
  leads_per_day: {
    title: '近 30 天每日线索',
    description: '每天收到的注册和咨询数量（北京时间），共 %{registrations} 条注册、%{messages} 条咨询。',
    empty: '近 30 天暂无注册或咨询',
    day: '日期',
  },
  lead_sources: {
    title: '线索来源（近 30 天）',
    description: '按首次访问来源统计：有 utm_source 时按其归类，否则按来源网站，都没有则为直接访问。',
    empty: '近 30 天暂无线索来源',
    source: '来源',
  },
  funnel: {
    title: '跟进漏斗（近 30 天）',
    description: '近 30 天收到的线索中，已联系（含已报名）和已报名入学的数量；另有 %{invalid} 条标记为无效。',
    empty: '近 30 天暂无线索可统计',
    stage: '阶段',
  },
  crawl_yield: {
    title: '每日抓取职位数（近 30 天）',
    description: '每个网站每天抓取运行找到的职位数，共 %{found} 个职位、%{runs} 次运行。',
    empty: '近 30 天没有抓取运行',
    found: '找到职位',
    runs: '运行次数',
  },
  payments: {
    title: '每月收款（近 12 个月）',
    description: '每月已完成的收款金额（按付款日期），共 %{total}。',
    empty: '近 12 个月暂无已完成的收款',
    month: '月份',
    amount: '金额',
    count: '笔数',
  },
  series: { registrations: '注册', messages: '咨询', total: '合计' },
  stages: { new: '全部线索', contacted: '已联系', enrolled: '已报名入学' } satisfies Record<FunnelStage, string>,
  source_kinds: { utm: '%{name}', referrer: '%{name}（来源网站）', direct: '直接访问', unknown: '未记录', other: '其他来源' } satisfies Record<LeadSourceKind, string>,
};

export const enDashboardChartsMessages: typeof zhDashboardChartsMessages = {
  heading: 'Business at a glance',
  loading: 'Loading the charts',
  load_failed: 'Could not load the chart data: %{message}',
  retry: 'Retry',
  show_table: 'Show data table',
  hide_table: 'Hide data table',
  table_of: '%{title}: data table',
  empty: 'No data yet',
  leads_per_day: {
    title: 'Leads per day, last 30 days',
    description: 'Registrations and consultation messages received each day (China time): %{registrations} registrations and %{messages} messages in all.',
    empty: 'No registrations or messages in the last 30 days',
    day: 'Day',
  },
  lead_sources: {
    title: 'Lead sources, last 30 days',
    description: 'By first-touch source: the utm_source when there is one, else the referring site, else a direct visit.',
    empty: 'No lead sources in the last 30 days',
    source: 'Source',
  },
  funnel: {
    title: 'Follow-up funnel, last 30 days',
    description: 'Of the leads received in the last 30 days, how many were contacted (enrolled included) and how many enrolled; %{invalid} more are marked invalid.',
    empty: 'No leads to count in the last 30 days',
    stage: 'Stage',
  },
  crawl_yield: {
    title: 'Jobs found per day, last 30 days',
    description: 'Jobs found each day by the crawl runs of each site: %{found} jobs in %{runs} runs in all.',
    empty: 'No crawl runs in the last 30 days',
    found: 'Jobs found',
    runs: 'Runs',
  },
  payments: {
    title: 'Payments per month, last 12 months',
    description: 'Completed payments each month, by payment date: %{total} in all.',
    empty: 'No completed payments in the last 12 months',
    month: 'Month',
    amount: 'Amount',
    count: 'Payments',
  },
  series: { registrations: 'Registrations', messages: 'Messages', total: 'Total' },
  stages: { new: 'All leads', contacted: 'Contacted', enrolled: 'Enrolled' },
  source_kinds: { utm: '%{name}', referrer: '%{name} (referring site)', direct: 'Direct visit', unknown: 'Not recorded', other: 'Other sources' },
};
