import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 020 ("Found by") and ADR 028:
 * - `crawl_result_sightings`: which tasks found each result. crawl_results.taskId keeps the first finder only,
 *   so a re-run over postings another task found first listed nothing. Filled from that taskId for older rows.
 * - Indexes for the review list's one item per posting as an anti-join (no better member with the same
 *   dedupeKey): the list's order alone and behind the status and site filters, each carrying what the
 *   anti-join reads of the row (its key and status), and the posting's members by key in their ranking order.
 *   They replace the createdAt, status and dedupeKey indexes they start with.
 */
export class CrawlResultSightings1795526693495 implements MigrationInterface {
  name = 'CrawlResultSightings1795526693495';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "crawl_result_sightings" (
        "resultId" uuid NOT NULL,
        "taskId" uuid NOT NULL,
        "foundAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "lastFoundAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "lastJobId" varchar(255),
        CONSTRAINT "PK_crawl_result_sightings" PRIMARY KEY ("resultId", "taskId"),
        CONSTRAINT "FK_crawl_result_sightings_result" FOREIGN KEY ("resultId") REFERENCES "crawl_results"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_crawl_result_sightings_task" FOREIGN KEY ("taskId") REFERENCES "crawl_tasks"("id") ON DELETE CASCADE
      )`,
      `CREATE INDEX "IDX_crawl_result_sightings_taskId_resultId" ON "crawl_result_sightings" ("taskId", "resultId")`,
      `INSERT INTO "crawl_result_sightings" ("resultId", "taskId", "foundAt", "lastFoundAt")
       SELECT "id", "taskId", "createdAt", GREATEST("createdAt", "extractedAt") FROM "crawl_results" WHERE "taskId" IS NOT NULL`,

      `DROP INDEX "IDX_crawl_results_createdAt"`,
      `CREATE INDEX "IDX_crawl_results_createdAt_id" ON "crawl_results" ("createdAt" DESC, "id", "dedupeKey", "status")`,
      `DROP INDEX "IDX_crawl_results_status"`,
      `CREATE INDEX "IDX_crawl_results_status_createdAt_id" ON "crawl_results" ("status", "createdAt" DESC, "id", "dedupeKey")`,
      `CREATE INDEX "IDX_crawl_results_site_createdAt_id" ON "crawl_results" ("site", "createdAt" DESC, "id", "dedupeKey", "status")`,
      `DROP INDEX "IDX_crawl_results_dedupeKey"`,
      `CREATE INDEX "IDX_crawl_results_dedupeKey_status_createdAt_id" ON "crawl_results" ("dedupeKey", "status", "createdAt", "id")`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP INDEX "IDX_crawl_results_dedupeKey_status_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_dedupeKey" ON "crawl_results" ("dedupeKey")`,
      `DROP INDEX "IDX_crawl_results_site_createdAt_id"`,
      `DROP INDEX "IDX_crawl_results_status_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_status" ON "crawl_results" ("status")`,
      `DROP INDEX "IDX_crawl_results_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_createdAt" ON "crawl_results" ("createdAt" DESC)`,
      `DROP TABLE "crawl_result_sightings"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
