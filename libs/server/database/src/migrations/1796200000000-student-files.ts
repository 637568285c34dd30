import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The last path segment of an access URL: the only name a file stored before ADR 045 has. */
const STORED_NAME = (url: string) => `left(substring(${url} FROM '[^/]*$'), 255)`;

/**
 * A student's files become rows of their own (ADR 045): `student_files`, each a contract's or one of the 其他文件.
 * The card's `students.contractFiles` and each contract's `contractFile` move there and are dropped; the upload's
 * record (`stored_uploads`) gains the uploader's file name (step 1), its claim time, size and type (the confirm).
 *
 * Moving the old data: a contract's file goes to that contract; a card file goes to 其他文件, unless it is the file
 * of one of that student's contracts (then it is that contract's, once). A URL held by two students stays with the
 * first (one row per stored object). The name is the stored name (the old schema never kept the uploader's); size
 * and type come from `stored_uploads` (unknown before this migration, so null). Row times keep the card's order.
 *
 * `down` puts each contract's oldest file back on the contract and every other file back on the card, in order; a
 * URL that was on both the card and its contract comes back on the contract only.
 */
export class StudentFiles1796200000000 implements MigrationInterface {
  name = 'StudentFiles1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stored_uploads"
      ADD "originalName" varchar(255),
      ADD "claimedAt" timestamptz,
      ADD "size" integer,
      ADD "contentType" varchar(64)`);
    // Every row so far was made by a confirm's claim.
    await queryRunner.query(`UPDATE "stored_uploads" SET "claimedAt" = "createdAt"`);

    await queryRunner.query(`CREATE TABLE "student_files" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "studentId" uuid NOT NULL,
      "contractId" uuid,
      "accessUrl" text NOT NULL,
      "originalName" varchar(255) NOT NULL,
      "size" integer,
      "contentType" varchar(64),
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_student_files" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_student_files_accessUrl" UNIQUE ("accessUrl"),
      CONSTRAINT "FK_student_files_student" FOREIGN KEY ("studentId") REFERENCES "students"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_student_files_contract" FOREIGN KEY ("contractId") REFERENCES "student_contracts"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_student_files_studentId_createdAt" ON "student_files" ("studentId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "IDX_student_files_contractId" ON "student_files" ("contractId")`);

    // Contracts' files first, so a card file that is also its contract's arrives once, as the contract's.
    await queryRunner.query(`INSERT INTO "student_files" ("studentId", "contractId", "accessUrl", "originalName", "size", "contentType", "createdAt")
      SELECT c."studentId", c."id", c."contractFile", ${STORED_NAME('c."contractFile"')}, u."size", u."contentType", c."createdAt"
      FROM "student_contracts" c
      LEFT JOIN "stored_uploads" u ON u."key" = substring(c."contractFile" FROM 18)
      WHERE c."contractFile" IS NOT NULL AND c."contractFile" <> ''
      ORDER BY c."createdAt", c."id"
      ON CONFLICT ("accessUrl") DO NOTHING`);
    // Then the card's files, 1 ms apart in the card's order (after any contract of the student, so down can tell).
    await queryRunner.query(`INSERT INTO "student_files" ("studentId", "contractId", "accessUrl", "originalName", "size", "contentType", "createdAt")
      SELECT s."id", NULL, f."url", ${STORED_NAME('f."url"')}, u."size", u."contentType", s."createdAt" + f."place" * interval '1 millisecond'
      FROM "students" s
      CROSS JOIN LATERAL unnest(s."contractFiles") WITH ORDINALITY AS f ("url", "place")
      LEFT JOIN "stored_uploads" u ON u."key" = substring(f."url" FROM 18)
      WHERE f."url" IS NOT NULL AND f."url" <> ''
      ORDER BY s."createdAt", s."id", f."place"
      ON CONFLICT ("accessUrl") DO NOTHING`);

    await queryRunner.query(`ALTER TABLE "students" DROP COLUMN "contractFiles"`);
    await queryRunner.query(`ALTER TABLE "student_contracts" DROP COLUMN "contractFile"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "student_contracts" ADD "contractFile" text`);
    await queryRunner.query(`ALTER TABLE "students" ADD "contractFiles" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`UPDATE "student_contracts" c SET "contractFile" = (
      SELECT f."accessUrl" FROM "student_files" f WHERE f."contractId" = c."id" ORDER BY f."createdAt", f."id" LIMIT 1)`);
    await queryRunner.query(`UPDATE "students" s SET "contractFiles" = coalesce((
      SELECT array_agg(f."accessUrl" ORDER BY f."createdAt", f."id") FROM "student_files" f
      WHERE f."studentId" = s."id"
        AND NOT EXISTS (SELECT 1 FROM "student_contracts" c WHERE c."id" = f."contractId" AND c."contractFile" = f."accessUrl")), '{}')`);
    await queryRunner.query(`DROP TABLE "student_files"`);
    // Links handed out by step 1 and never confirmed: the earlier claim would take their rows for a finished confirm.
    await queryRunner.query(`DELETE FROM "stored_uploads" WHERE "claimedAt" IS NULL AND "confirmedAt" IS NULL`);
    await queryRunner.query(`ALTER TABLE "stored_uploads" DROP COLUMN "originalName", DROP COLUMN "claimedAt", DROP COLUMN "size", DROP COLUMN "contentType"`);
  }
}
