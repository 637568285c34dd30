import {
  CRAWL_SITES,
  type CrawlSite,
  DASHBOARD_CHART_DAYS,
  DASHBOARD_CHART_MONTHS,
  DASHBOARD_TOP_SOURCES,
  type DashboardCharts,
  DEFAULT_CURRENCY,
  FUNNEL_STAGES,
  type FunnelStageCount,
  type LeadSourceCount,
  type LeadSourceKind,
  LeadStatus,
  PaymentStatus,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Days and months are Asia/Shanghai calendar days and months, like the cards' "today". */
const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/*
 * Every chart is a GROUP BY in PostgreSQL over a bounded range of an indexed column ("createdAt" of the leads,
 * "finishedAt" of the crawl runs, "paymentDate" of the payments), so the API reads aggregated rows only, never
 * the rows themselves. Zero-filling happens in SQL too: the day and month series come from generate_series,
 * and the aggregates join onto them. $1 is "now", $2 the time zone throughout.
 */

/** The window's bounds: the first day's local midnight, the first instant after today, and the months. */
const WINDOW = `
  bounds AS (
    SELECT date_trunc('day', $1::timestamptz AT TIME ZONE $2) - ($3::int - 1) * interval '1 day' AS first_day
  ),
  span AS (
    SELECT first_day AT TIME ZONE $2 AS "from", (first_day + $3::int * interval '1 day') AT TIME ZONE $2 AS "to" FROM bounds
  )`;

/** Registrations and messages of the window, as one set tagged by kind; a lead merged into another counts as its survivor (ADR 072). */
const LEADS_IN_WINDOW = `
  leads AS (
    SELECT 'registrations' AS kind, r."createdAt", r."status", r."source" FROM "registrations" r, span
     WHERE r."createdAt" >= span."from" AND r."createdAt" < span."to" AND r."mergeId" IS NULL
    UNION ALL
    SELECT 'messages', m."createdAt", m."status", m."source" FROM "contact_messages" m, span
     WHERE m."createdAt" >= span."from" AND m."createdAt" < span."to" AND m."mergeId" IS NULL
  )`;

/** utm_source, else the referrer's host without "www.", else direct; unknown when no source was stored. */
const SOURCE_BUCKET = `
  CASE
    WHEN "source" IS NULL THEN 'unknown'
    WHEN nullif(btrim("source"->>'utm_source'), '') IS NOT NULL THEN 'utm'
    WHEN substring("source"->>'referrer' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)') IS NOT NULL THEN 'referrer'
    ELSE 'direct'
  END`;
const SOURCE_NAME = `
  CASE
    WHEN "source" IS NULL THEN NULL
    WHEN nullif(btrim("source"->>'utm_source'), '') IS NOT NULL THEN lower(btrim("source"->>'utm_source'))
    ELSE regexp_replace(lower(substring("source"->>'referrer' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)')), '^www\\.', '')
  END`;

type Kinded = { kind: 'registrations' | 'messages' };

@Injectable()
export class DashboardChartsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async charts(now: Date = new Date()): Promise<DashboardCharts> {
    const at = now.toISOString();
    const [days, sources, statuses, crawl, payments] = await Promise.all([
      this.leadsPerDay(at),
      this.leadSources(at),
      this.statusCounts(at),
      this.crawlYield(at),
      this.paymentsPerMonth(at),
    ]);
    return {
      timeZone: BUSINESS_TIME_ZONE,
      days: days.map((row) => row.day),
      leadsPerDay: { registrations: days.map((row) => row.registrations), messages: days.map((row) => row.messages) },
      leadSources: topSources(sources),
      ...funnelOf(statuses),
      crawlYield: crawlSeries(
        days.map((row) => row.day),
        crawl,
      ),
      months: payments.months,
      paymentsPerMonth: payments.series,
    };
  }

  private leadsPerDay(at: string) {
    return this.dataSource.query<{ day: string; registrations: number; messages: number }[]>(
      `WITH ${WINDOW}, ${LEADS_IN_WINDOW},
       per_day AS (
         SELECT ("createdAt" AT TIME ZONE $2)::date AS day,
                count(*) FILTER (WHERE kind = 'registrations')::int AS registrations,
                count(*) FILTER (WHERE kind = 'messages')::int AS messages
           FROM leads GROUP BY 1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(p.registrations, 0) AS registrations, coalesce(p.messages, 0) AS messages
         FROM bounds, generate_series(bounds.first_day, bounds.first_day + ($3::int - 1) * interval '1 day', interval '1 day') AS d(day)
         LEFT JOIN per_day p ON p.day = d.day::date
        ORDER BY d.day`,
      [at, BUSINESS_TIME_ZONE, DASHBOARD_CHART_DAYS],
    );
  }

  private leadSources(at: string) {
    return this.dataSource.query<(Kinded & { bucket: LeadSourceKind; name: string | null; count: number })[]>(
      `WITH ${WINDOW}, ${LEADS_IN_WINDOW}
       SELECT kind, ${SOURCE_BUCKET} AS bucket, ${SOURCE_NAME} AS name, count(*)::int AS count
         FROM leads GROUP BY 1, 2, 3`,
      [at, BUSINESS_TIME_ZONE, DASHBOARD_CHART_DAYS],
    );
  }

  private statusCounts(at: string) {
    return this.dataSource.query<(Kinded & { status: LeadStatus; count: number })[]>(
      `WITH ${WINDOW}, ${LEADS_IN_WINDOW}
       SELECT kind, "status", count(*)::int AS count FROM leads GROUP BY 1, 2`,
      [at, BUSINESS_TIME_ZONE, DASHBOARD_CHART_DAYS],
    );
  }

  private crawlYield(at: string) {
    return this.dataSource.query<{ site: CrawlSite; day: string; found: number; runs: number }[]>(
      `WITH ${WINDOW}
       SELECT run."site", to_char(run."finishedAt" AT TIME ZONE $2, 'YYYY-MM-DD') AS day,
              sum(run."found")::int AS found, count(*)::int AS runs
         FROM "crawl_runs" run, span
        WHERE run."finishedAt" >= span."from" AND run."finishedAt" < span."to"
        GROUP BY 1, 2`,
      [at, BUSINESS_TIME_ZONE, DASHBOARD_CHART_DAYS],
    );
  }

  /** Completed tuition only: pending, failed and refunded money was not received, a guarantee's payouts are not income. */
  private async paymentsPerMonth(at: string): Promise<{ months: string[]; series: DashboardCharts['paymentsPerMonth'] }> {
    const rows = await this.dataSource.query<{ month: string; currency: string | null; amount: string | null; count: number }[]>(
      `WITH bounds AS (
         SELECT (date_trunc('month', $1::timestamptz AT TIME ZONE $2) - ($3::int - 1) * interval '1 month')::date AS first_month,
                (date_trunc('month', $1::timestamptz AT TIME ZONE $2) + interval '1 month')::date AS after_last
       ),
       per_month AS (
         SELECT date_trunc('month', p."paymentDate"::timestamp)::date AS month, p."currency", sum(p."amount")::bigint AS amount, count(*)::int AS count
           FROM "student_payments" p, bounds
          WHERE p."paymentDate" >= bounds.first_month AND p."paymentDate" < bounds.after_last AND p."status" = $4 AND p."kind" = 'tuition'
          GROUP BY 1, 2
       )
       SELECT to_char(m.month, 'YYYY-MM') AS month, p."currency", p.amount, coalesce(p.count, 0) AS count
         FROM bounds, generate_series(bounds.first_month, bounds.first_month + ($3::int - 1) * interval '1 month', interval '1 month') AS m(month)
         LEFT JOIN per_month p ON p.month = m.month::date
        ORDER BY m.month`,
      [at, BUSINESS_TIME_ZONE, DASHBOARD_CHART_MONTHS, PaymentStatus.Completed],
    );
    const months = [...new Set(rows.map((row) => row.month))];
    const currencies = [...new Set(rows.flatMap((row) => (row.currency ? [row.currency] : [])))].sort((a, b) =>
      a === DEFAULT_CURRENCY ? -1 : b === DEFAULT_CURRENCY ? 1 : a.localeCompare(b),
    );
    const series = currencies.map((currency) => {
      const of = (month: string) => rows.find((row) => row.month === month && row.currency === currency);
      // Sums fit in a JavaScript number far beyond any bootcamp's takings (2^53 cents); bigint arrives as text.
      return { currency, amounts: months.map((month) => Number(of(month)?.amount ?? 0)), counts: months.map((month) => of(month)?.count ?? 0) };
    });
    return { months, series };
  }
}

/** The biggest sources by name, then the rest summed as `other`; ties in name order so the answer is stable. */
export function topSources(rows: readonly (Kinded & { bucket: LeadSourceKind; name: string | null; count: number })[]): LeadSourceCount[] {
  const byKey = new Map<string, LeadSourceCount>();
  for (const row of rows) {
    const key = `${row.bucket}\u0000${row.name ?? ''}`;
    const entry = byKey.get(key) ?? { kind: row.bucket, name: row.name, registrations: 0, messages: 0 };
    entry[row.kind] += row.count;
    byKey.set(key, entry);
  }
  const total = (entry: LeadSourceCount) => entry.registrations + entry.messages;
  const sorted = [...byKey.values()].sort((a, b) => total(b) - total(a) || `${a.kind}${a.name ?? ''}`.localeCompare(`${b.kind}${b.name ?? ''}`));
  if (sorted.length <= DASHBOARD_TOP_SOURCES) return sorted;
  const rest = sorted.slice(DASHBOARD_TOP_SOURCES);
  const other: LeadSourceCount = {
    kind: 'other',
    name: null,
    registrations: rest.reduce((sum, entry) => sum + entry.registrations, 0),
    messages: rest.reduce((sum, entry) => sum + entry.messages, 0),
  };
  return [...sorted.slice(0, DASHBOARD_TOP_SOURCES), other];
}

/** A stage counts the leads at least that far along now (see FUNNEL_STAGES); invalid leads beside it. */
export function funnelOf(rows: readonly (Kinded & { status: LeadStatus; count: number })[]): Pick<DashboardCharts, 'funnel' | 'invalid'> {
  const sum = (statuses: readonly LeadStatus[], kind: Kinded['kind']) =>
    rows.filter((row) => row.kind === kind && statuses.includes(row.status)).reduce((total, row) => total + row.count, 0);
  const reached: Record<FunnelStageCount['stage'], readonly LeadStatus[]> = {
    new: [LeadStatus.New, LeadStatus.Contacted, LeadStatus.Enrolled, LeadStatus.Invalid, LeadStatus.Lost],
    contacted: [LeadStatus.Contacted, LeadStatus.Enrolled],
    enrolled: [LeadStatus.Enrolled],
  };
  return {
    funnel: FUNNEL_STAGES.map((stage) => ({
      stage,
      registrations: sum(reached[stage], 'registrations'),
      messages: sum(reached[stage], 'messages'),
    })),
    invalid: { registrations: sum([LeadStatus.Invalid], 'registrations'), messages: sum([LeadStatus.Invalid], 'messages') },
  };
}

/** One series per site that ran in the window, zero-filled over `days`. */
export function crawlSeries(days: readonly string[], rows: readonly { site: CrawlSite; day: string; found: number; runs: number }[]): DashboardCharts['crawlYield'] {
  return CRAWL_SITES.filter((site) => rows.some((row) => row.site === site)).map((site) => {
    const of = (day: string) => rows.find((row) => row.site === site && row.day === day);
    return { site, found: days.map((day) => of(day)?.found ?? 0), runs: days.map((day) => of(day)?.runs ?? 0) };
  });
}
