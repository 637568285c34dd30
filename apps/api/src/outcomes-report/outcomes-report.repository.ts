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
  outcomes: Array<{ category: string; date: string; monthlyBase: number | null; monthsPerYear: number | null; fixedExtras: number | null }>;
  payouts: Array<{ kind: 'refund' | 'bonus'; currency: string; amount: string }>;
}

/**
 * Every student with what the outcomes report needs (docs/product/outcomes-report.md), in one statement: their
 * accepted outcomes (a student's report counts once reviewed, ADR 066) and their completed refunds and bonuses each aggregated once over the whole table and hash-joined (a lateral
 * subquery per student cost two index probes per student: tools/bench/outcomes.mjs). The cohorts' last class days
 * are read apart (CohortsService.lastClassDays).
 */
@Injectable()
export class OutcomesReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  facts(): Promise<ReportFactsRow[]> {
    return this.dataSource.query(
      `WITH outcomes AS (
         SELECT "studentId", json_agg(json_build_object('category', "category", 'date', to_char("date", 'YYYY-MM-DD'), 'monthlyBase', "monthlyBase",
                                                        'monthsPerYear', "monthsPerYear", 'fixedExtras', "fixedExtras") ORDER BY "date") AS "outcomes"
           FROM "student_outcomes" WHERE "reviewState" = 'accepted' GROUP BY "studentId"
       ), payouts AS (
         SELECT "studentId", json_agg(json_build_object('kind', "kind", 'currency', "currency", 'amount', "amount")) AS "payouts"
           FROM (SELECT "studentId", "kind", "currency", abs(sum("amount"))::bigint AS "amount" FROM "student_payments"
                  WHERE "kind" <> 'tuition' AND "status" = $1 GROUP BY "studentId", "kind", "currency") g
          GROUP BY "studentId"
       )
       SELECT s."id", s."name", s."status", to_char(s."enrollmentDate", 'YYYY-MM-DD') AS "enrollmentDate",
              to_char(s."graduationDate", 'YYYY-MM-DD') AS "graduationDate", to_char(s."withdrawalDate", 'YYYY-MM-DD') AS "withdrawalDate",
              s."cohortId", k."name" AS "cohortName", to_char(k."startDate", 'YYYY-MM-DD') AS "cohortStart",
              coalesce(o."outcomes", '[]'::json) AS "outcomes", coalesce(p."payouts", '[]'::json) AS "payouts"
         FROM "students" s
         LEFT JOIN "cohorts" k ON k."id" = s."cohortId"
         LEFT JOIN outcomes o ON o."studentId" = s."id"
         LEFT JOIN payouts p ON p."studentId" = s."id"
        ORDER BY s."enrollmentDate", s."createdAt", s."id"`,
      [PaymentStatus.Completed],
    );
  }
}
