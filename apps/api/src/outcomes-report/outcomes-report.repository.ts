import { PaymentStatus } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** One student as the report reads them: their dates, cohort, outcomes and the guarantee's payouts. */
export interface ReportFactsRow {
  id: string;
  name: string;
  status: string;
  enrollmentDate: string;
  graduationDate: string | null;
  withdrawalDate: string | null;
  cohortId: string | null;
  cohortName: string | null;
  cohortStart: string | null;
  cohortModuleDays: number[] | null;
  cohortDaysOff: string[] | null;
  outcomes: Array<{ category: string; date: string; monthlyBase: number | null; monthsPerYear: number | null; fixedExtras: number | null }>;
  payouts: Array<{ kind: 'refund' | 'bonus'; currency: string; amount: string }>;
}

/**
 * Every student with what the outcomes report needs (docs/product/outcomes-report.md), in one statement: the outcomes
 * and the completed refunds and bonuses each gathered by a lateral subquery on their student's index.
 */
@Injectable()
export class OutcomesReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  facts(): Promise<ReportFactsRow[]> {
    return this.dataSource.query(
      `SELECT s."id", s."name", s."status", to_char(s."enrollmentDate", 'YYYY-MM-DD') AS "enrollmentDate",
              to_char(s."graduationDate", 'YYYY-MM-DD') AS "graduationDate", to_char(s."withdrawalDate", 'YYYY-MM-DD') AS "withdrawalDate",
              s."cohortId", k."name" AS "cohortName", to_char(k."startDate", 'YYYY-MM-DD') AS "cohortStart", k."moduleDays" AS "cohortModuleDays",
              (SELECT array_agg(to_char(d, 'YYYY-MM-DD')) FROM unnest(k."daysOff") AS d) AS "cohortDaysOff",
              coalesce(o."outcomes", '[]'::json) AS "outcomes", coalesce(p."payouts", '[]'::json) AS "payouts"
         FROM "students" s
         LEFT JOIN "cohorts" k ON k."id" = s."cohortId"
         LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('category', o."category", 'date', to_char(o."date", 'YYYY-MM-DD'), 'monthlyBase', o."monthlyBase",
                                             'monthsPerYear', o."monthsPerYear", 'fixedExtras', o."fixedExtras") ORDER BY o."date") AS "outcomes"
             FROM "student_outcomes" o WHERE o."studentId" = s."id"
         ) o ON true
         LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('kind', g."kind", 'currency', g."currency", 'amount', g."amount")) AS "payouts"
             FROM (SELECT "kind", "currency", abs(sum("amount"))::bigint AS "amount" FROM "student_payments"
                    WHERE "studentId" = s."id" AND "kind" <> 'tuition' AND "status" = $1 GROUP BY "kind", "currency") g
         ) p ON true
        ORDER BY s."enrollmentDate", s."createdAt", s."id"`,
      [PaymentStatus.Completed],
    );
  }
}
