import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['registrations', 'contact_messages'] as const;

/**
 * Leads given up and first contact (ADR 068): the status `lost` beside `invalid`, the reason (a code of 线索设置's
 * list) and its note while a lead is given up, and when it was first contacted. Nothing is backfilled: leads
 * given up before have no reason, and when a contacted lead was first contacted is not known. Values written out:
 * a migration stays frozen when the contracts' lists grow.
 */
export class LeadStatusReasons1797560000000 implements MigrationInterface {
  name = 'LeadStatusReasons1797560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_status"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_status" CHECK ("status" IN ('new', 'contacted', 'enrolled', 'invalid', 'lost'))`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "statusReason" varchar(32)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "statusNote" varchar(500)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "firstContactedAt" timestamptz`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_statusReason" CHECK ("statusReason" IS NULL OR "status" IN ('invalid', 'lost'))`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_statusNote" CHECK ("statusNote" IS NULL OR "statusReason" IS NOT NULL)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_firstContactedAt" CHECK ("firstContactedAt" IS NULL OR "firstContactedAt" >= "createdAt")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_firstContactedAt"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_statusNote"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_statusReason"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "firstContactedAt"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "statusNote"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "statusReason"`);
      // A lost lead has no earlier status to go back to: it reads invalid, the nearest one the old schema knows.
      await queryRunner.query(`UPDATE "${table}" SET "status" = 'invalid' WHERE "status" = 'lost'`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_status"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_status" CHECK ("status" IN ('new', 'contacted', 'enrolled', 'invalid'))`);
    }
  }
}
