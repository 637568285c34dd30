import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The landing page's publications (ADR 074): every one kept, the newest live. No row is written here: the API makes
 * the first publication from the contracts' defaults when the page is first read, with the next cohort known then.
 */
export class LandingPublications1797750000000 implements MigrationInterface {
  name = 'LandingPublications1797750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "landing_publications" (
      "id" SERIAL NOT NULL,
      "content" jsonb NOT NULL,
      "publishedAt" timestamptz NOT NULL DEFAULT now(),
      "publishedBy" varchar(255),
      "restoredFrom" integer,
      CONSTRAINT "PK_landing_publications" PRIMARY KEY ("id")
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "landing_publications"`);
  }
}
