import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The liveness check of published jobs (ADR 063): why the check deactivated a job (its source answered 404 or
 * 410, says the posting is closed, or flags it expired) with the source's own evidence, and when the source was
 * last checked and what that check found (a refusal or a failure changes nothing else). Enum values written out: a
 * migration stays frozen when the contracts' lists grow.
 */
export class PublishedJobLiveness1797300000000 implements MigrationInterface {
  name = 'PublishedJobLiveness1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "published_jobs" ADD "closedReason" varchar(32)`);
    await queryRunner.query(`ALTER TABLE "published_jobs" ADD "closedEvidence" varchar(255)`);
    await queryRunner.query(`ALTER TABLE "published_jobs" ADD "sourceCheckedAt" timestamptz`);
    await queryRunner.query(`ALTER TABLE "published_jobs" ADD "sourceCheckOutcome" varchar(16)`);
    await queryRunner.query(
      `ALTER TABLE "published_jobs" ADD CONSTRAINT "CHK_published_jobs_closedReason" CHECK ("closedReason" IN ('source_gone', 'source_closed', 'source_expired'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "published_jobs" ADD CONSTRAINT "CHK_published_jobs_sourceCheckOutcome" CHECK ("sourceCheckOutcome" IN ('open', 'closed', 'refused', 'failed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP CONSTRAINT "CHK_published_jobs_sourceCheckOutcome"`);
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP CONSTRAINT "CHK_published_jobs_closedReason"`);
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP COLUMN "sourceCheckOutcome"`);
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP COLUMN "sourceCheckedAt"`);
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP COLUMN "closedEvidence"`);
    await queryRunner.query(`ALTER TABLE "published_jobs" DROP COLUMN "closedReason"`);
  }
}
