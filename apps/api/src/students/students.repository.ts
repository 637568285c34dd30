import { type EnrolledFrom, type MoneyTotal, PaymentStatus } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The student aggregate's reads that are not one entity's (ADR 044): who a person is among the students, and
 * the completed payments summed per student and per contract (docs/product/students.md#payments-total,
 * #paid-against-due). Single-entity reads and writes stay with TypeORM's own repositories in the services.
 */
@Injectable()
export class StudentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The students with this normalised phone or this (lower-case) email: the person a PIPL erasure names. */
  async idsOfPerson(phoneNormalized: string | null, email: string | null): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT "id" FROM "students" WHERE "phoneNormalized" = $1 OR lower("email") = $2`, [
      phoneNormalized,
      email,
    ]);
    return rows.map((row) => row.id);
  }

  /**
   * The first student who is this person (same normalised phone, or same email when one is given), in the
   * caller's transaction: enrolling a lead refuses a person who is a student already.
   */
  async firstOfPerson(manager: EntityManager, phoneNormalized: string | null, email: string | null): Promise<string | undefined> {
    const [row]: { id: string }[] = await manager.query(
      `SELECT "id" FROM "students" WHERE "phoneNormalized" = $1 OR lower("email") = $2 ORDER BY "createdAt", "id" LIMIT 1`,
      [phoneNormalized, email?.toLowerCase() ?? null],
    );
    return row?.id;
  }

  /** The lead a student was enrolled from (docs/product/students.md#enrol-a-lead), the earliest if several. */
  async enrolledFromOf(studentId: string): Promise<EnrolledFrom | null> {
    const [row]: EnrolledFrom[] = await this.dataSource.query(
      `SELECT 'registrations' AS "resource", "id", "createdAt" FROM "registrations" WHERE "studentId" = $1
       UNION ALL SELECT 'contact', "id", "createdAt" FROM "contact_messages" WHERE "studentId" = $1
       ORDER BY "createdAt" LIMIT 1`,
      [studentId],
    );
    return row ? { resource: row.resource, id: row.id } : null;
  }

  /**
   * Completed tuition of these students (or tuition of another status), summed per currency (currencies in order);
   * a guarantee's refunds and bonuses are not tuition (docs/product/guarantee.md).
   */
  async paidTotalsOf(studentIds: readonly string[], status: PaymentStatus = PaymentStatus.Completed): Promise<Map<string, MoneyTotal[]>> {
    const totals = new Map<string, MoneyTotal[]>();
    if (studentIds.length === 0) return totals;
    const rows: { studentId: string; currency: string; amount: string }[] = await this.dataSource.query(
      `SELECT "studentId", "currency", sum("amount")::bigint AS "amount" FROM "student_payments"
       WHERE "studentId" = ANY($1::uuid[]) AND "status" = $2 AND "kind" = 'tuition' GROUP BY "studentId", "currency" ORDER BY "currency"`,
      [studentIds, status],
    );
    for (const row of rows) {
      const list = totals.get(row.studentId) ?? [];
      list.push({ currency: row.currency, amount: Number(row.amount) });
      totals.set(row.studentId, list);
    }
    return totals;
  }

  /** Completed tuition booked against each contract, in cents (the amount paid against the amount due). */
  async paidOfContracts(contractIds: readonly string[]): Promise<Map<string, number>> {
    if (contractIds.length === 0) return new Map();
    const rows: { contractId: string; paid: string }[] = await this.dataSource.query(
      `SELECT "contractId", sum("amount")::bigint AS "paid" FROM "student_payments"
       WHERE "contractId" = ANY($1::uuid[]) AND "status" = $2 AND "kind" = 'tuition' GROUP BY "contractId"`,
      [contractIds, PaymentStatus.Completed],
    );
    return new Map(rows.map((row) => [row.contractId, Number(row.paid)]));
  }
}
