import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each backup did (docs/product/backups.md#in-the-back-office): written once the run has ended, after its dump,
 * so an archive holds the runs before it and a restored system never shows a run under way.
 */
export class BackupRuns1797000000000 implements MigrationInterface {
  name = 'BackupRuns1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "backup_runs" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "trigger" varchar(16) NOT NULL,
      "status" varchar(16) NOT NULL,
      "startedAt" timestamptz NOT NULL,
      "finishedAt" timestamptz NOT NULL,
      "requestedBy" uuid,
      "name" varchar(64),
      "location" text,
      "sizeBytes" bigint,
      "tables" integer,
      "rows" bigint,
      "files" integer,
      "fileBytes" bigint,
      "error" text,
      CONSTRAINT "PK_backup_runs" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_backup_runs_trigger" CHECK ("trigger" IN ('schedule', 'manual', 'command')),
      CONSTRAINT "CHK_backup_runs_status" CHECK ("status" IN ('succeeded', 'failed')),
      CONSTRAINT "CHK_backup_runs_outcome" CHECK (("status" = 'succeeded') = ("location" IS NOT NULL AND "error" IS NULL))
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_backup_runs_finished" ON "backup_runs" ("finishedAt")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "backup_runs"`);
  }
}
