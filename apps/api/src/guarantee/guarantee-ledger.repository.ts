import { IN_FIELD_CATEGORIES, PaymentStatus } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** What the ledger reads of one guaranteed contract, its student, their cohort, attendance and in-field offers. */
export interface GuaranteeFactsRow {
  contractId: string;
  contractNumber: string;
  studentId: string;
  studentName: string;
  currency: string;
  contractAmount: number;
  guaranteeTarget: number | null;
  refundRate: number | null;
  bonusThreshold: number | null;
  bonusRate: number | null;
  guaranteeWindowDays: number | null;
  minAttendance: number | null;
  status: string;
  graduationDate: string | null;
  withdrawalDate: string | null;
  cohortId: string | null;
  cohortStart: string | null;
  cohortModuleDays: number[] | null;
  cohortDaysOff: string[] | null;
  tuitionPaid: string;
  refundsPaid: string;
  bonusesPaid: string;
  attended: number;
  marked: number;
  offers: Array<{ date: string; monthlyBase: number; monthsPerYear: number; fixedExtras: number }>;
}

/**
 * One statement for the whole ledger (docs/product/guarantee.md): every guaranteed contract with its completed
 * payments by kind, its student's graduation, cohort and attendance, and their in-field offers, each gathered by a
 * lateral subquery on its index. The ledger is computed from these rows in guaranteeStatusOf, never stored.
 */
@Injectable()
export class GuaranteeLedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  facts(contractIds?: readonly string[]): Promise<GuaranteeFactsRow[]> {
    return this.dataSource.query(
      `SELECT c."id" AS "contractId", c."contractNumber", c."studentId", s."name" AS "studentName", c."currency", c."contractAmount",
              c."guaranteeTarget", c."refundRate", c."bonusThreshold", c."bonusRate", c."guaranteeWindowDays", c."minAttendance",
              s."status", to_char(s."graduationDate", 'YYYY-MM-DD') AS "graduationDate", to_char(s."withdrawalDate", 'YYYY-MM-DD') AS "withdrawalDate",
              s."cohortId", to_char(k."startDate", 'YYYY-MM-DD') AS "cohortStart", k."moduleDays" AS "cohortModuleDays",
              (SELECT array_agg(to_char(d, 'YYYY-MM-DD')) FROM unnest(k."daysOff") AS d) AS "cohortDaysOff",
              coalesce(p."tuition", 0) AS "tuitionPaid", coalesce(p."refunds", 0) AS "refundsPaid", coalesce(p."bonuses", 0) AS "bonusesPaid",
              coalesce(a."attended", 0) AS "attended", coalesce(a."marked", 0) AS "marked", coalesce(o."offers", '[]'::json) AS "offers"
         FROM "student_contracts" c
         JOIN "students" s ON s."id" = c."studentId"
         LEFT JOIN "cohorts" k ON k."id" = s."cohortId"
         LEFT JOIN LATERAL (
           SELECT sum("amount") FILTER (WHERE "kind" = 'tuition')::bigint AS "tuition",
                  (-sum("amount") FILTER (WHERE "kind" = 'refund'))::bigint AS "refunds",
                  sum("amount") FILTER (WHERE "kind" = 'bonus')::bigint AS "bonuses"
             FROM "student_payments" WHERE "contractId" = c."id" AND "status" = $1
         ) p ON true
         LEFT JOIN LATERAL (
           SELECT (count(*) FILTER (WHERE "mark" IN ('present', 'late')))::int AS "attended", count(*)::int AS "marked"
             FROM "attendance" WHERE "studentId" = s."id"
         ) a ON true
         LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('date', to_char(o."date", 'YYYY-MM-DD'), 'monthlyBase', o."monthlyBase", 'monthsPerYear', o."monthsPerYear", 'fixedExtras', o."fixedExtras")) AS "offers"
             FROM "student_outcomes" o WHERE o."studentId" = s."id" AND o."category" = ANY($2::text[])
         ) o ON true
        WHERE c."guaranteed" AND ($3::uuid[] IS NULL OR c."id" = ANY($3::uuid[]))
        ORDER BY c."createdAt", c."id"`,
      [PaymentStatus.Completed, IN_FIELD_CATEGORIES, contractIds ?? null],
    );
  }
}
