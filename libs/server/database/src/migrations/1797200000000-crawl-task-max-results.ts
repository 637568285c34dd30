import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A crawl task's own 最大结果数 (ADR 062): kept on the task and sent with each of its runs, which stop once that
 * many results are stored. Existing tasks take the form's default, 100, which is what their cards showed.
 */
export class CrawlTaskMaxResults1797200000000 implements MigrationInterface {
  name = 'CrawlTaskMaxResults1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "crawl_tasks" ADD "maxResults" integer NOT NULL DEFAULT 100`);
    await queryRunner.query(`ALTER TABLE "crawl_tasks" ADD CONSTRAINT "CHK_crawl_tasks_maxResults" CHECK ("maxResults" BETWEEN 1 AND 500)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "crawl_tasks" DROP CONSTRAINT "CHK_crawl_tasks_maxResults"`);
    await queryRunner.query(`ALTER TABLE "crawl_tasks" DROP COLUMN "maxResults"`);
  }
}
