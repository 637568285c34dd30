import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The files the upload confirm step stored (ADR 036), so a record can point only at a confirmed upload. Files
 * that records already point at were confirmed under the earlier flow: they are entered as confirmed.
 */
export class StoredUploads1796100000000 implements MigrationInterface {
  name = 'StoredUploads1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stored_uploads" (
      "key" varchar(128) NOT NULL,
      "confirmedAt" timestamptz,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_stored_uploads" PRIMARY KEY ("key")
    )`);
    await queryRunner.query(`INSERT INTO "stored_uploads" ("key", "confirmedAt")
      SELECT substring("url" FROM 18), now() FROM (
        SELECT "profilePhoto" AS "url" FROM "students" WHERE "profilePhoto" IS NOT NULL
        UNION SELECT unnest("contractFiles") FROM "students"
        UNION SELECT "contractFile" FROM "student_contracts" WHERE "contractFile" IS NOT NULL
      ) AS "referenced"
      WHERE "url" ~ '^/api/admin/files/(contracts|photos)/[0-9a-f-]{36}\\.(pdf|jpg|jpeg|png|webp)$'
      ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stored_uploads"`);
  }
}
