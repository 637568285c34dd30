import type { MigrationInterface, QueryRunner } from 'typeorm';

const LEAD_TABLES = ['registrations', 'contact_messages'] as const;

/**
 * A lead knows the student it became (docs/product/students.md#enrol-a-lead): `studentId` on both lead tables,
 * indexed for the student card's link back. SET NULL: deleting a student keeps the lead and its history.
 */
export class LeadEnrolment1796400000000 implements MigrationInterface {
  name = 'LeadEnrolment1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of LEAD_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "studentId" uuid`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_student" FOREIGN KEY ("studentId") REFERENCES "students"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      );
      await queryRunner.query(`CREATE INDEX "IDX_${table}_studentId" ON "${table}" ("studentId")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of LEAD_TABLES) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_studentId"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "FK_${table}_student"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "studentId"`);
    }
  }
}
