import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites' signed-in sessions (ADR 070): one sealed row per site with its age and what the site last made of it.
 * The site list is written out: a migration stays frozen when the contracts' list grows.
 */
export class CrawlerSiteSessions1797600000000 implements MigrationInterface {
  name = 'CrawlerSiteSessions1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "crawler_site_sessions" ("site" varchar(16) NOT NULL, "sealed" bytea NOT NULL, "capturedAt" timestamptz NOT NULL, "lastSuccessAt" timestamptz, "lastRefusalAt" timestamptz, "lastRefusal" varchar(255), CONSTRAINT "PK_crawler_site_sessions" PRIMARY KEY ("site"), CONSTRAINT "CHK_crawler_site_sessions_site" CHECK ("site" IN ('zhaopin', 'job51', 'zhipin', 'lagou', 'liepin')))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "crawler_site_sessions"`);
  }
}
