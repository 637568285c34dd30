import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The person page (ADR 071): what staff did to a person's records is read from the audit log by the records' ids,
 * and a person's student records are found by their email in any case (staff typed it), as the PIPL actions find
 * them. Both were full scans before.
 */
export class PersonPage1797650000000 implements MigrationInterface {
  name = 'PersonPage1797650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_entityId_createdAt" ON "audit_log" ("entityId", "createdAt" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_students_email_lower" ON "students" (lower("email"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_students_email_lower"`);
    await queryRunner.query(`DROP INDEX "IDX_audit_log_entityId_createdAt"`);
  }
}
