import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Duplicates merged, reversibly (ADR 072): a merge keeps both lead rows. The one merged away points at its merge
 * ("mergeId") and leaves the lists and counts; the merge row keeps both rows as they were before (the undo writes
 * them back) and as the merge left them (an undo after a later change is refused). Each side is one of two
 * foreign keys, so erasing or deleting either lead removes the merge and its copies of their data; the merged lead
 * then shows again (SET NULL), unchanged.
 */
export class LeadMerges1797660000000 implements MigrationInterface {
  name = 'LeadMerges1797660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_merges" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "survivorRegistrationId" uuid,
        "survivorMessageId" uuid,
        "mergedRegistrationId" uuid,
        "mergedMessageId" uuid,
        "before" jsonb NOT NULL,
        "after" jsonb NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "undoneAt" timestamptz,
        CONSTRAINT "PK_lead_merges" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_lead_merges_survivor" CHECK (num_nonnulls("survivorRegistrationId", "survivorMessageId") = 1),
        CONSTRAINT "CHK_lead_merges_merged" CHECK (num_nonnulls("mergedRegistrationId", "mergedMessageId") = 1),
        CONSTRAINT "FK_lead_merges_survivorRegistration" FOREIGN KEY ("survivorRegistrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_survivorMessage" FOREIGN KEY ("survivorMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_mergedRegistration" FOREIGN KEY ("mergedRegistrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_mergedMessage" FOREIGN KEY ("mergedMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE
      )`);
    for (const column of ['survivorRegistrationId', 'survivorMessageId', 'mergedRegistrationId', 'mergedMessageId']) {
      await queryRunner.query(`CREATE INDEX "IDX_lead_merges_${column}" ON "lead_merges" ("${column}")`);
    }
    for (const table of ['registrations', 'contact_messages']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "mergeId" uuid`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_merge" FOREIGN KEY ("mergeId") REFERENCES "lead_merges"("id") ON DELETE SET NULL`);
      await queryRunner.query(`CREATE INDEX "IDX_${table}_mergeId" ON "${table}" ("mergeId")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['contact_messages', 'registrations']) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_mergeId"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "FK_${table}_merge"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "mergeId"`);
    }
    await queryRunner.query(`DROP TABLE "lead_merges"`);
  }
}
