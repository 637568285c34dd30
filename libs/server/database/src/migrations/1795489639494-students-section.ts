import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The students section (docs/product/students.md): the normalised phone on students (PIPL erasure matches
 * people by it, and the list's search finds "138 1234" in it), an email index for the same erasure, and the
 * payments index the student card reads through (one student's payments by date, and their sum), which
 * replaces the plain studentId index it starts with. The lists order by (column NULLS LAST, id): the students'
 * default order gets an index of exactly that shape, so a page is an index scan of 25 rows instead of a sort of
 * the table.
 */
export class StudentsSection1795489639494 implements MigrationInterface {
  name = 'StudentsSection1795489639494';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "students" ADD "phoneNormalized" varchar(32)`,
      // Rows from before: the phone without separators is the best key they have (as the leads' backfill).
      `UPDATE "students" SET "phoneNormalized" = left(regexp_replace("phone", '[\\s()-]', '', 'g'), 32)`,
      `CREATE INDEX "IDX_students_phoneNormalized" ON "students" ("phoneNormalized")`,
      `CREATE INDEX "IDX_students_email" ON "students" ("email")`,
      `CREATE INDEX "IDX_students_createdAt_id" ON "students" ("createdAt" DESC NULLS LAST, "id" DESC)`,
      `DROP INDEX "IDX_students_createdAt"`,
      `CREATE INDEX "IDX_student_payments_studentId_paymentDate" ON "student_payments" ("studentId", "paymentDate" DESC, "createdAt" DESC)`,
      `DROP INDEX "IDX_student_payments_studentId"`,
      `CREATE INDEX "IDX_student_contracts_studentId_createdAt" ON "student_contracts" ("studentId", "createdAt" DESC)`,
      `DROP INDEX "IDX_student_contracts_studentId"`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE INDEX "IDX_student_contracts_studentId" ON "student_contracts" ("studentId")`,
      `DROP INDEX "IDX_student_contracts_studentId_createdAt"`,
      `CREATE INDEX "IDX_student_payments_studentId" ON "student_payments" ("studentId")`,
      `DROP INDEX "IDX_student_payments_studentId_paymentDate"`,
      `CREATE INDEX "IDX_students_createdAt" ON "students" ("createdAt" DESC)`,
      `DROP INDEX "IDX_students_createdAt_id"`,
      `DROP INDEX "IDX_students_email"`,
      `DROP INDEX "IDX_students_phoneNormalized"`,
      `ALTER TABLE "students" DROP COLUMN "phoneNormalized"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
