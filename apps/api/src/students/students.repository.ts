import { type MoneyTotal, PaymentStatus } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

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

  /** Completed payments of these students, summed per currency (currencies in order). */
  async paidTotalsOf(studentIds: readonly string[]): Promise<Map<string, MoneyTotal[]>> {
    const totals = new Map<string, MoneyTotal[]>();
    if (studentIds.length === 0) return totals;
    const rows: { studentId: string; currency: string; amount: string }[] = await this.dataSource.query(
      `SELECT "studentId", "currency", sum("amount")::bigint AS "amount" FROM "student_payments"
       WHERE "studentId" = ANY($1::uuid[]) AND "status" = $2 GROUP BY "studentId", "currency" ORDER BY "currency"`,
      [studentIds, PaymentStatus.Completed],
    );
    for (const row of rows) {
      const list = totals.get(row.studentId) ?? [];
      list.push({ currency: row.currency, amount: Number(row.amount) });
      totals.set(row.studentId, list);
    }
    return totals;
  }

  /** Completed payments booked against each contract, in cents (the amount paid against the amount due). */
  async paidOfContracts(contractIds: readonly string[]): Promise<Map<string, number>> {
    if (contractIds.length === 0) return new Map();
    const rows: { contractId: string; paid: string }[] = await this.dataSource.query(
      `SELECT "contractId", sum("amount")::bigint AS "paid" FROM "student_payments"
       WHERE "contractId" = ANY($1::uuid[]) AND "status" = $2 GROUP BY "contractId"`,
      [contractIds, PaymentStatus.Completed],
    );
    return new Map(rows.map((row) => [row.contractId, Number(row.paid)]));
  }
}
