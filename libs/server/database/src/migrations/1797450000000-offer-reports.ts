import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers the students report themselves (ADR 066): an outcome's review state (accepted as before for what the
 * administrator records; pending for a student's report until the administrator accepts it or returns it with a
 * reason), who reported it, and when it was reviewed. Every existing outcome was recorded by the administrator:
 * accepted. Enum values written out: a migration stays frozen when the contracts' lists grow.
 */
export class OfferReports1797450000000 implements MigrationInterface {
  name = 'OfferReports1797450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD "reviewState" varchar(16) NOT NULL DEFAULT 'accepted'`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD "returnReason" varchar(200)`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD "reportedByStudent" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD "reviewedAt" timestamptz`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD CONSTRAINT "CHK_student_outcomes_reviewState" CHECK ("reviewState" IN ('accepted', 'pending', 'returned'))`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" ADD CONSTRAINT "CHK_student_outcomes_returnReason" CHECK (("reviewState" = 'returned') = ("returnReason" IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX "IDX_student_outcomes_pending" ON "student_outcomes" ("createdAt") WHERE "reviewState" = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_student_outcomes_pending"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP CONSTRAINT "CHK_student_outcomes_returnReason"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP CONSTRAINT "CHK_student_outcomes_reviewState"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP COLUMN "reviewedAt"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP COLUMN "reportedByStudent"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP COLUMN "returnReason"`);
    await queryRunner.query(`ALTER TABLE "student_outcomes" DROP COLUMN "reviewState"`);
  }
}
