import { type MyToolAccount, StudentAccountKind } from '@aipm/contracts';
import { StudentContract, StudentPayment } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * The student realm's reads of one student's own rows (ADR 067): every statement takes the student id the session
 * carries and filters by it. The figures over those rows (paid against due, totals, attendance, the guarantee) are
 * read through the students, cohorts and guarantee features' own services.
 */
@Injectable()
export class MyRecordRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The student's contracts, oldest first. */
  contractsOf(studentId: string): Promise<StudentContract[]> {
    return this.dataSource.getRepository(StudentContract).find({ where: { studentId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The student's payments of every kind, newest payment date first (the card's order). */
  paymentsOf(studentId: string): Promise<StudentPayment[]> {
    return this.dataSource.getRepository(StudentPayment).find({ where: { studentId }, order: { paymentDate: 'DESC', createdAt: 'DESC', id: 'DESC' } });
  }

  /** The tool accounts the school gave the student, oldest first: never the 学员登录, never a password column. */
  toolAccountsOf(studentId: string): Promise<MyToolAccount[]> {
    return this.dataSource.query(
      `SELECT "id", "kind", "username", "email", "status" FROM "student_accounts"
       WHERE "studentId" = $1 AND "kind" <> $2 ORDER BY "createdAt", "id"`,
      [studentId, StudentAccountKind.StudentLogin],
    );
  }

  /**
   * The access URL of a file of one of the student's own contracts (not 其他文件, not an outcome's evidence), or null:
   * another student's file, or a file that is gone, are alike.
   */
  async contractFileOf(studentId: string, fileId: string): Promise<{ accessUrl: string } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT file."accessUrl" FROM "student_files" file JOIN "student_contracts" contract ON contract."id" = file."contractId"
       WHERE file."id" = $1 AND file."studentId" = $2 AND contract."studentId" = $2 AND file."outcomeId" IS NULL`,
      [fileId, studentId],
    )) as { accessUrl: string }[];
    return row ?? null;
  }
}
