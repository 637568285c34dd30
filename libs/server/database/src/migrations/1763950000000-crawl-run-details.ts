import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the crawl engine records besides what it read: the statistics of a task's last run
 * (docs/product/crawler.md#run-statistics), and on each result the posted time and the salary parsed into
 * numbers (docs/product/crawler.md#salary-text; the text stays in "salary").
 */
export class CrawlRunDetails1763950000000 implements MigrationInterface {
  name = 'CrawlRunDetails1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "crawl_tasks" ADD "lastRunStats" jsonb`,
      `ALTER TABLE "crawl_results" ADD "postedAt" timestamptz`,
      `ALTER TABLE "crawl_results" ADD "salaryMin" integer`,
      `ALTER TABLE "crawl_results" ADD "salaryMax" integer`,
      `ALTER TABLE "crawl_results" ADD "salaryCurrency" varchar(8)`,
      `ALTER TABLE "crawl_results" ADD "salaryPeriod" varchar(16)`,
      `ALTER TABLE "crawl_results" ADD "salaryMonths" smallint`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['salaryMonths', 'salaryPeriod', 'salaryCurrency', 'salaryMax', 'salaryMin', 'postedAt']) {
      await queryRunner.query(`ALTER TABLE "crawl_results" DROP COLUMN "${column}"`);
    }
    await queryRunner.query(`ALTER TABLE "crawl_tasks" DROP COLUMN "lastRunStats"`);
  }
}
