import { IN_FIELD_CATEGORIES, PaymentStatus } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** What the ledger reads of one guaranteed contract, its student, their attendance and in-field offers. */
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
  tuitionPaid: string;
  refundsPaid: string;
  bonusesPaid: string;
  attended: number;
  marked: number;
  offers: Array<{ date: string; monthlyBase: number; monthsPerYear: number; fixedExtras: number }>;
}

/**
 * The ledger's facts (docs/product/guarantee.md) in one statement: every guaranteed contract with its completed
 * payments by kind, its student's graduation, attendance counts and accepted in-field offers (a student's report
 * counts once reviewed, ADR 066). Each of the three is aggregated once over its whole table and hash-joined (a lateral subquery per contract cost 30,000 index probes for 10,000
 * contracts: tools/bench/outcomes.mjs). The ledger is computed from these rows in guaranteeStatusOf, never stored.
 */
@Injectable()
export class GuaranteeLedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  facts(): Promise<GuaranteeFactsRow[]> {
    return this.dataSource.query(
      `WITH paid AS (
         SELECT "contractId", sum("amount") FILTER (WHERE "kind" = 'tuition')::bigint AS "tuition",
                (-sum("amount") FILTER (WHERE "kind" = 'refund'))::bigint AS "refunds",
                sum("amount") FILTER (WHERE "kind" = 'bonus')::bigint AS "bonuses"
           FROM "student_payments" WHERE "status" = $1 AND "contractId" IS NOT NULL GROUP BY "contractId"
       ), marks AS (
         SELECT "studentId", (count(*) FILTER (WHERE "mark" IN ('present', 'late')))::int AS "attended", count(*)::int AS "marked"
           FROM "attendance" GROUP BY "studentId"
       ), offers AS (
         SELECT "studentId", json_agg(json_build_object('date', to_char("date", 'YYYY-MM-DD'), 'monthlyBase', "monthlyBase", 'monthsPerYear', "monthsPerYear", 'fixedExtras', "fixedExtras")) AS "offers"
           FROM "student_outcomes" WHERE "category" = ANY($2::text[]) AND "reviewState" = 'accepted' GROUP BY "studentId"
       )
       SELECT c."id" AS "contractId", c."contractNumber", c."studentId", s."name" AS "studentName", c."currency", c."contractAmount",
              c."guaranteeTarget", c."refundRate", c."bonusThreshold", c."bonusRate", c."guaranteeWindowDays", c."minAttendance",
              s."status", to_char(s."graduationDate", 'YYYY-MM-DD') AS "graduationDate", to_char(s."withdrawalDate", 'YYYY-MM-DD') AS "withdrawalDate",
              s."cohortId", coalesce(p."tuition", 0) AS "tuitionPaid", coalesce(p."refunds", 0) AS "refundsPaid", coalesce(p."bonuses", 0) AS "bonusesPaid",
              coalesce(a."attended", 0) AS "attended", coalesce(a."marked", 0) AS "marked", coalesce(o."offers", '[]'::json) AS "offers"
         FROM "student_contracts" c
         JOIN "students" s ON s."id" = c."studentId"
         LEFT JOIN paid p ON p."contractId" = c."id"
         LEFT JOIN marks a ON a."studentId" = s."id"
         LEFT JOIN offers o ON o."studentId" = s."id"
        WHERE c."guaranteed"
        ORDER BY c."createdAt", c."id"`,
      [PaymentStatus.Completed, IN_FIELD_CATEGORIES],
    );
  }

}
