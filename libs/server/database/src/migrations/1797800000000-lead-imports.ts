import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lead imports (ADR 075): one row per batch, one per registration it created or merged into, for undo. */
export class LeadImports1797800000000 implements MigrationInterface {
  name = 'LeadImports1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "lead_import_batches" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "fileName" varchar(255) NOT NULL,
      "mapping" jsonb NOT NULL,
      "rowCount" integer NOT NULL,
      "created" integer NOT NULL,
      "merged" integer NOT NULL,
      "skipped" integer NOT NULL,
      "skippedByReason" jsonb NOT NULL,
      "importedBy" varchar(255),
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "undoneAt" timestamptz,
      "undoneBy" varchar(255),
      CONSTRAINT "CHK_lead_import_batches_counts" CHECK ("created" >= 0 AND "merged" >= 0 AND "skipped" >= 0 AND "created" + "merged" + "skipped" = "rowCount"),
      CONSTRAINT "PK_lead_import_batches" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_lead_import_batches_createdAt_id" ON "lead_import_batches" ("createdAt" DESC NULLS LAST, "id" DESC)`);
    await queryRunner.query(`CREATE TABLE "lead_import_rows" (
      "batchId" uuid NOT NULL,
      "registrationId" uuid NOT NULL,
      "kind" varchar(16) NOT NULL,
      "line" integer NOT NULL,
      "before" jsonb,
      "afterHash" varchar(32) NOT NULL,
      CONSTRAINT "CHK_lead_import_rows_kind" CHECK ("kind" IN ('created', 'merged')),
      CONSTRAINT "CHK_lead_import_rows_before" CHECK (("kind" = 'merged') = ("before" IS NOT NULL)),
      CONSTRAINT "PK_lead_import_rows" PRIMARY KEY ("batchId", "registrationId"),
      CONSTRAINT "FK_lead_import_rows_batch" FOREIGN KEY ("batchId") REFERENCES "lead_import_batches"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_lead_import_rows_registration" FOREIGN KEY ("registrationId") REFERENCES "registrations"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "IDX_lead_import_rows_registrationId" ON "lead_import_rows" ("registrationId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_import_rows"`);
    await queryRunner.query(`DROP TABLE "lead_import_batches"`);
  }
}
