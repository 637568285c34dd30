import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What operators expect of a crawler (ADR 020): a task's schedule (cron, Asia/Shanghai; the firing itself
 * lives in a BullMQ job scheduler), one row per site per finished run for the site-health view, the site and
 * cross-site duplicate key of each crawl result, and when a published job was expired.
 */
export class CrawlerOperations1795500470441 implements MigrationInterface {
  name = 'CrawlerOperations1795500470441';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "crawl_tasks" ADD "schedule" varchar(100)`,
      `ALTER TABLE "crawl_results" ADD "site" varchar(32)`,
      `ALTER TABLE "crawl_results" ADD "dedupeKey" text`,
      `ALTER TABLE "crawl_results" ADD CONSTRAINT "CHK_crawl_results_site"
        CHECK ("site" IN ('zhaopin', 'zhipin', 'job51', 'liepin', 'lagou', 'other'))`,
      `CREATE INDEX "IDX_crawl_results_dedupeKey" ON "crawl_results" ("dedupeKey")`,
      `ALTER TABLE "published_jobs" ADD "expiredAt" timestamptz`,
      `CREATE TABLE "crawl_runs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "taskId" uuid,
        "jobId" varchar(255) NOT NULL,
        "site" varchar(32) NOT NULL,
        "status" varchar(16) NOT NULL,
        "scheduled" boolean NOT NULL DEFAULT false,
        "startedAt" timestamptz NOT NULL,
        "finishedAt" timestamptz NOT NULL,
        "pagesDone" integer NOT NULL DEFAULT 0,
        "found" integer NOT NULL DEFAULT 0,
        "failures" jsonb NOT NULL DEFAULT '{}',
        "failureReason" varchar(32),
        CONSTRAINT "PK_crawl_runs" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_crawl_runs_jobId_site" UNIQUE ("jobId", "site"),
        CONSTRAINT "CHK_crawl_runs_site" CHECK ("site" IN ('zhaopin', 'zhipin', 'job51', 'liepin', 'lagou', 'other')),
        CONSTRAINT "CHK_crawl_runs_status" CHECK ("status" IN ('completed', 'failed')),
        CONSTRAINT "FK_crawl_runs_task" FOREIGN KEY ("taskId")
          REFERENCES "crawl_tasks" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`,
      `CREATE INDEX "IDX_crawl_runs_site_finishedAt" ON "crawl_runs" ("site", "finishedAt" DESC)`,
      `CREATE INDEX "IDX_crawl_runs_taskId" ON "crawl_runs" ("taskId")`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP TABLE "crawl_runs"`,
      `ALTER TABLE "published_jobs" DROP COLUMN "expiredAt"`,
      `DROP INDEX "IDX_crawl_results_dedupeKey"`,
      `ALTER TABLE "crawl_results" DROP CONSTRAINT "CHK_crawl_results_site"`,
      `ALTER TABLE "crawl_results" DROP COLUMN "dedupeKey"`,
      `ALTER TABLE "crawl_results" DROP COLUMN "site"`,
      `ALTER TABLE "crawl_tasks" DROP COLUMN "schedule"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
