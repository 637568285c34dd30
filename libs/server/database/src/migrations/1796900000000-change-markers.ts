import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose every change moves the marker: what the guarantee ledger and the outcomes report read. */
const MARKED_TABLES = ['students', 'student_contracts', 'student_payments', 'attendance', 'student_outcomes', 'cohorts', 'admin_config'];

/**
 * Change markers (ADR 055): every statement that changes one of the tables the ledger and the report read adds a row,
 * visible once its transaction commits. The API keeps their computed results while the markers it sees are the same.
 */
export class ChangeMarkers1796900000000 implements MigrationInterface {
  name = 'ChangeMarkers1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "change_markers" ("id" bigserial NOT NULL, CONSTRAINT "PK_change_markers" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE FUNCTION "mark_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "change_markers" DEFAULT VALUES;
        RETURN NULL;
      END $$`);
    for (const table of MARKED_TABLES) {
      await queryRunner.query(`CREATE TRIGGER "TRG_${table}_mark_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "mark_change"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of MARKED_TABLES) await queryRunner.query(`DROP TRIGGER "TRG_${table}_mark_change" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "mark_change"()`);
    await queryRunner.query(`DROP TABLE "change_markers"`);
  }
}
