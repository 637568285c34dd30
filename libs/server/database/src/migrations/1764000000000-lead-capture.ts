import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead capture (docs/product/data-model.md#registration): follow-up status, note and date on registrations and
 * messages; repeats and consent on registrations; the first-touch source and the normalised phone on both;
 * indexes for the admin filters, repeat detection and PIPL erasure.
 */
export class LeadCapture1764000000000 implements MigrationInterface {
  name = 'LeadCapture1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows from before this migration: the phone with its separators dropped is the best key they have. The
    // column stays nullable so writers other than the API (imports, test fixtures) need not know it.
    const backfillPhone = (table: string) =>
      `UPDATE "${table}" SET "phoneNormalized" = left(regexp_replace("phone", '[\\s()-]', '', 'g'), 32)`;
    for (const statement of [
      `ALTER TABLE "registrations"
         ADD "phoneNormalized" varchar(32),
         ADD "status" varchar(16) NOT NULL DEFAULT 'new',
         ADD "note" text,
         ADD "followUpAt" timestamptz,
         ADD "repeatCount" integer NOT NULL DEFAULT 0,
         ADD "lastRepeatedAt" timestamptz,
         ADD "agreementVersion" varchar(32),
         ADD "agreedAt" timestamptz,
         ADD "agreementIp" varchar(64),
         ADD "agreementUserAgent" varchar(512),
         ADD "source" jsonb,
         ADD CONSTRAINT "CHK_registrations_status" CHECK ("status" IN ('new', 'contacted', 'enrolled', 'invalid'))`,
      backfillPhone('registrations'),
      `CREATE INDEX "IDX_registrations_phoneNormalized_createdAt" ON "registrations" ("phoneNormalized", "createdAt" DESC)`,
      `CREATE INDEX "IDX_registrations_email" ON "registrations" ("email")`,
      `CREATE INDEX "IDX_registrations_status_createdAt" ON "registrations" ("status", "createdAt" DESC)`,

      `ALTER TABLE "contact_messages"
         ADD "phoneNormalized" varchar(32),
         ADD "status" varchar(16) NOT NULL DEFAULT 'new',
         ADD "note" text,
         ADD "followUpAt" timestamptz,
         ADD "source" jsonb,
         ADD CONSTRAINT "CHK_contact_messages_status" CHECK ("status" IN ('new', 'contacted', 'enrolled', 'invalid'))`,
      backfillPhone('contact_messages'),
      `CREATE INDEX "IDX_contact_messages_phoneNormalized" ON "contact_messages" ("phoneNormalized")`,
      `CREATE INDEX "IDX_contact_messages_email" ON "contact_messages" ("email")`,
      `CREATE INDEX "IDX_contact_messages_subject_createdAt" ON "contact_messages" ("subject", "createdAt" DESC)`,
      `CREATE INDEX "IDX_contact_messages_status_createdAt" ON "contact_messages" ("status", "createdAt" DESC)`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'IDX_contact_messages_status_createdAt',
      'IDX_contact_messages_subject_createdAt',
      'IDX_contact_messages_email',
      'IDX_contact_messages_phoneNormalized',
      'IDX_registrations_status_createdAt',
      'IDX_registrations_email',
      'IDX_registrations_phoneNormalized_createdAt',
    ]) {
      await queryRunner.query(`DROP INDEX "${index}"`);
    }
    await queryRunner.query(
      `ALTER TABLE "contact_messages" DROP CONSTRAINT "CHK_contact_messages_status",
         DROP COLUMN "source", DROP COLUMN "followUpAt", DROP COLUMN "note", DROP COLUMN "status", DROP COLUMN "phoneNormalized"`
    );
    await queryRunner.query(
      `ALTER TABLE "registrations" DROP CONSTRAINT "CHK_registrations_status",
         DROP COLUMN "source", DROP COLUMN "agreementUserAgent", DROP COLUMN "agreementIp", DROP COLUMN "agreedAt",
         DROP COLUMN "agreementVersion", DROP COLUMN "lastRepeatedAt", DROP COLUMN "repeatCount", DROP COLUMN "followUpAt",
         DROP COLUMN "note", DROP COLUMN "status", DROP COLUMN "phoneNormalized"`
    );
  }
}
