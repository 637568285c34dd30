import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's payments per month (docs/product/back-office.md#charts) read one range of payment dates; the
 * only index on "paymentDate" sits behind "studentId", so without this one the chart would read every payment.
 */
export class PaymentsByDate1795526248503 implements MigrationInterface {
  name = 'PaymentsByDate1795526248503';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_student_payments_paymentDate" ON "student_payments" ("paymentDate")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_student_payments_paymentDate"`);
  }
}
