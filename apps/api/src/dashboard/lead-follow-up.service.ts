import { FOLLOW_UP_WEEKS, type FirstContactStats, type FirstContactWeek, type FunnelSourceKind, type SourceFunnelRow, type SourceFunnelStats } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/*
 * Each figure is one statement (ADR 068). The window is the last FOLLOW_UP_WEEKS ISO weeks in Asia/Shanghai
 * (date_trunc('week') is Monday-based, as ISO weeks are), bounded on "createdAt", so each table is read through
 * its (createdAt, id) index and only the window's rows are aggregated. $1 is "now", $2 the time zone, $3 the weeks.
 */

const WINDOW = `
  bounds AS (
    SELECT date_trunc('week', $1::timestamptz AT TIME ZONE $2) - ($3::int - 1) * interval '1 week' AS first_week
  ),
  span AS (SELECT first_week AT TIME ZONE $2 AS "from" FROM bounds)`;

/** Registrations and messages of the window as one set, less those merged into another (ADR 072); `columns` are read from both tables. */
const leadsInWindow = (columns: string) => `
  leads AS (
    SELECT ${columns.replace(/\$/g, 'r.')} FROM "registrations" r, span WHERE r."createdAt" >= span."from" AND r."mergeId" IS NULL
    UNION ALL
    SELECT ${columns.replace(/\$/g, 'm.')} FROM "contact_messages" m, span WHERE m."createdAt" >= span."from" AND m."mergeId" IS NULL
  )`;

/** The referrer's host, as the charts' source buckets read it (dashboard-charts.service.ts). */
const REFERRER_HOST = `regexp_replace(lower(substring("source"->>'referrer' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)')), '^www\\.', '')`;
const UTM_SOURCE = `lower(nullif(btrim("source"->>'utm_source'), ''))`;

@Injectable()
export class LeadFollowUpService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Per week of arrival: the median time to first contact over the leads that have one (percentile_cont skips
   * the nulls), and the leads still new beside it. Leads contacted before first contact was kept have no time
   * and are in neither.
   */
  async firstContact(now: Date = new Date()): Promise<FirstContactStats> {
    const weeks = await this.dataSource.query<FirstContactWeek[]>(
      `WITH ${WINDOW}, ${leadsInWindow('$"createdAt", $"firstContactedAt", $"status"')},
       per_week AS (
         SELECT date_trunc('week', "createdAt" AT TIME ZONE $2) AS week,
                count(*)::int AS arrived,
                count("firstContactedAt")::int AS contacted,
                -- numeric: round() of a double rounds halves to even, of a numeric away from zero (200.5 s is 201 s).
                round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "firstContactedAt" - "createdAt")))::numeric)::int AS median_seconds,
                count(*) FILTER (WHERE "status" = 'new')::int AS waiting
           FROM leads GROUP BY 1
       )
       SELECT to_char(w.week, 'YYYY-MM-DD') AS week, to_char(w.week, 'IYYY-"W"IW') AS "isoWeek",
              coalesce(p.arrived, 0) AS arrived, coalesce(p.contacted, 0) AS contacted,
              p.median_seconds AS "medianSeconds", coalesce(p.waiting, 0) AS waiting
         FROM bounds, generate_series(bounds.first_week, bounds.first_week + ($3::int - 1) * interval '1 week', interval '1 week') AS w(week)
         LEFT JOIN per_week p ON p.week = w.week
        ORDER BY w.week`,
      [now.toISOString(), BUSINESS_TIME_ZONE, FOLLOW_UP_WEEKS],
    );
    return { timeZone: BUSINESS_TIME_ZONE, weeks };
  }

  /**
   * The funnel per first-touch source over the window: every lead that arrived, those reached (a first-contact
   * time, or contacted or enrolled now: leads contacted before the time was kept have none), those enrolled,
   * and those given up. Rates are of the leads that arrived.
   */
  async sourceFunnel(now: Date = new Date()): Promise<SourceFunnelStats> {
    const rows = await this.dataSource.query<(Omit<SourceFunnelRow, 'contactedRate' | 'enrolledRate'> & { from: string })[]>(
      `WITH ${WINDOW}, ${leadsInWindow('$"source", $"status", $"firstContactedAt"')},
       bucketed AS (
         SELECT CASE WHEN ${UTM_SOURCE} IS NOT NULL THEN 'utm' WHEN ${REFERRER_HOST} <> '' THEN 'referrer' ELSE 'direct' END AS kind,
                coalesce(${UTM_SOURCE}, nullif(${REFERRER_HOST}, '')) AS name,
                "status", "firstContactedAt"
           FROM leads
       )
       SELECT to_char(bounds.first_week, 'YYYY-MM-DD') AS "from", kind, name,
              count(*)::int AS arrived,
              count(*) FILTER (WHERE "firstContactedAt" IS NOT NULL OR "status" IN ('contacted', 'enrolled'))::int AS contacted,
              count(*) FILTER (WHERE "status" = 'enrolled')::int AS enrolled,
              count(*) FILTER (WHERE "status" IN ('invalid', 'lost'))::int AS "givenUp"
         FROM bucketed RIGHT JOIN bounds ON true
        GROUP BY bounds.first_week, kind, name
        ORDER BY arrived DESC, kind, name`,
      [now.toISOString(), BUSINESS_TIME_ZONE, FOLLOW_UP_WEEKS],
    );
    const from = rows[0]?.from ?? '';
    // Without leads the RIGHT JOIN still yields the window's row (kind null), so `from` is known: it is dropped here.
    const sources = rows
      .filter((row) => row.kind !== null)
      .map(({ kind, name, arrived, contacted, enrolled, givenUp }) => ({
        kind: kind as FunnelSourceKind,
        name: kind === 'direct' ? null : name,
        arrived,
        contacted,
        enrolled,
        givenUp,
        contactedRate: contacted / arrived,
        enrolledRate: enrolled / arrived,
      }));
    return { timeZone: BUSINESS_TIME_ZONE, from, weeks: FOLLOW_UP_WEEKS, sources };
  }
}
