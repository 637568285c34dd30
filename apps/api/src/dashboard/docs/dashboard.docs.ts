import { type AdminStatsResponse, type FirstContactResponse, type FirstContactWeek, FUNNEL_SOURCE_KINDS, type SourceFunnelResponse, type SourceFunnelRow, CRAWL_SITES, type CrawlYieldSeries, type DashboardCharts, type DashboardChartsResponse, FUNNEL_STAGES, type FunnelStageCount, LEAD_SOURCE_KINDS, type LeadCounts, type LeadSourceCount, type PaymentSeries } from '@aipm/contracts';
import { constant, integer, listOf, nullable, object, recordSchema, text, oneOf, type PropertiesOf } from '../../common/openapi/schemas';

/* The dashboard's shape and example; ADR 022. */

export const ADMIN_STATS = recordSchema<AdminStatsResponse>('AdminStatsResponse', {
  success: constant(true),
  data: object({ totalRegistrations: integer(1284), totalMessages: integer(316), todayRegistrations: integer(12, 'Today in Asia/Shanghai') }),
});

const counts: PropertiesOf<LeadCounts> = { registrations: integer(42), messages: integer(9) };
const perDay = (example: number, description: string) => ({ ...listOf(integer(example), description), example: [0, 3, example] });

const LEAD_SOURCE_COUNT = recordSchema<LeadSourceCount>('DashboardLeadSourceCount', {
  kind: oneOf(LEAD_SOURCE_KINDS, 'utm'),
  name: nullable(text('wechat', 'utm_source (lower-cased) or referrer host without www.; null for direct, unknown and other')),
  ...counts,
});
const FUNNEL_STAGE_COUNT = recordSchema<FunnelStageCount>('DashboardFunnelStage', {
  stage: oneOf(FUNNEL_STAGES, 'contacted', 'Leads whose status is at least this far along now'),
  ...counts,
});
const CRAWL_YIELD = recordSchema<CrawlYieldSeries>('DashboardCrawlYield', {
  site: oneOf(CRAWL_SITES, 'zhaopin'),
  found: perDay(30, 'Jobs read by the runs that finished each day'),
  runs: perDay(1, 'Runs that finished each day'),
});
const PAYMENT_SERIES = recordSchema<PaymentSeries>('DashboardPaymentSeries', {
  currency: text('CNY'),
  amounts: { ...listOf(integer(1980000), 'Integer cents per month'), example: [0, 1980000] },
  counts: { ...listOf(integer(1), 'Payments per month'), example: [0, 1] },
});

const DATA: PropertiesOf<DashboardCharts> = {
  timeZone: constant('Asia/Shanghai'),
  days: { ...listOf(text('2026-11-24'), 'The last 30 calendar days (Asia/Shanghai), oldest first'), example: ['2026-11-22', '2026-11-23', '2026-11-24'] },
  leadsPerDay: object({ registrations: perDay(12, 'One count per day'), messages: perDay(4, 'One count per day') }),
  leadSources: listOf(LEAD_SOURCE_COUNT, 'Biggest first, the rest summed as other'),
  funnel: listOf(FUNNEL_STAGE_COUNT, 'new, contacted, enrolled'),
  invalid: object(counts, 'Leads marked invalid (counted in new only)'),
  crawlYield: listOf(CRAWL_YIELD, 'Sites with a run in the window'),
  months: { ...listOf(text('2026-11'), 'The last 12 calendar months, oldest first'), example: ['2026-10', '2026-11'] },
  paymentsPerMonth: listOf(PAYMENT_SERIES, 'Completed payments per currency, CNY first'),
};

export const DASHBOARD_CHARTS = recordSchema<DashboardChartsResponse>('DashboardChartsResponse', {
  success: constant(true),
  data: object(DATA),
});

const FIRST_CONTACT_WEEK = recordSchema<FirstContactWeek>('FirstContactWeek', {
  week: text('2026-11-23', "The ISO week's Monday (Asia/Shanghai)"),
  isoWeek: text('2026-W48'),
  arrived: integer(42, 'Registrations and messages that arrived that week'),
  contacted: integer(30, 'Of them, those with a first-contact time'),
  medianSeconds: nullable(integer(5400, 'Median of first contact − arrival, seconds; null when none')),
  waiting: integer(8, 'Of them, those still new'),
});

export const FIRST_CONTACT = recordSchema<FirstContactResponse>('FirstContactResponse', {
  success: constant(true),
  data: object({ timeZone: text('Asia/Shanghai'), weeks: listOf(FIRST_CONTACT_WEEK, 'Oldest first') }),
});

const SOURCE_FUNNEL_ROW = recordSchema<SourceFunnelRow>('SourceFunnelRow', {
  kind: oneOf(FUNNEL_SOURCE_KINDS, 'utm', 'utm_source, else the referrer host, else direct'),
  name: nullable(text('wechat', 'The utm_source or host; null for direct')),
  arrived: integer(120),
  contacted: integer(90, 'First contacted, or contacted or enrolled now'),
  enrolled: integer(12),
  givenUp: integer(20, 'Marked invalid or lost'),
  contactedRate: { type: 'number', example: 0.75, description: 'contacted ÷ arrived' },
  enrolledRate: { type: 'number', example: 0.1, description: 'enrolled ÷ arrived' },
});

export const SOURCE_FUNNEL = recordSchema<SourceFunnelResponse>('SourceFunnelResponse', {
  success: constant(true),
  data: object({ timeZone: text('Asia/Shanghai'), from: text('2026-09-07', "The window's first Monday"), weeks: integer(12), sources: listOf(SOURCE_FUNNEL_ROW, 'Most leads first') }),
});
