import type { AdminStatsResponse } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The bootcamp is in Changsha: "today" is the Asia/Shanghai calendar day, whatever the server's zone. */
const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

@Injectable()
export class DashboardStatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One round trip; leads merged into another are counted once, as their survivor (ADR 072); the "today" bound is a timestamptz range so IDX_registrations_createdAt serves it. */
  async stats(now: Date = new Date()): Promise<AdminStatsResponse['data']> {
    const [row] = await this.dataSource.query<{ totalRegistrations: number; totalMessages: number; todayRegistrations: number }[]>(
      `WITH day AS (
         SELECT (date_trunc('day', $1::timestamptz AT TIME ZONE $2) AT TIME ZONE $2) AS start
       )
       SELECT (SELECT count(*)::int FROM "registrations" WHERE "mergeId" IS NULL) AS "totalRegistrations",
              (SELECT count(*)::int FROM "contact_messages" WHERE "mergeId" IS NULL) AS "totalMessages",
              (SELECT count(*)::int FROM "registrations", day
                WHERE "createdAt" >= day.start AND "createdAt" < day.start + interval '1 day' AND "mergeId" IS NULL) AS "todayRegistrations"`,
      [now.toISOString(), BUSINESS_TIME_ZONE],
    );
    return row;
  }
}
