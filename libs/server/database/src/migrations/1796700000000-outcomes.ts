import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Graduation and job outcomes (docs/product/outcomes.md): a withdrawn student's date, the outcomes table, and the
 * student files that are an outcome's evidence.
 */
export class Outcomes1796700000000 implements MigrationInterface {
  name = 'Outcomes1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "students" ADD "withdrawalDate" date`);
    await queryRunner.query(`CREATE TABLE "student_outcomes" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "studentId" uuid NOT NULL,
      "category" varchar(32) NOT NULL,
      "date" date NOT NULL,
      "employer" varchar(100),
      "title" varchar(100),
      "city" varchar(50),
      "startDate" date,
      "monthlyBase" integer,
      "monthsPerYear" smallint,
      "fixedExtras" integer,
      "notes" text,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "updatedAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_student_outcomes_category" CHECK ("category" IN ('in_field_full_time', 'in_field_contract', 'in_field_part_time', 'out_of_field', 'seeking', 'not_seeking', 'not_reporting')),
      CONSTRAINT "CHK_student_outcomes_offer" CHECK (("category" IN ('in_field_full_time', 'in_field_contract', 'in_field_part_time', 'out_of_field')) = ("employer" IS NOT NULL AND "title" IS NOT NULL AND "city" IS NOT NULL AND "startDate" IS NOT NULL AND "monthlyBase" IS NOT NULL AND "monthsPerYear" IS NOT NULL AND "fixedExtras" IS NOT NULL)),
      CONSTRAINT "CHK_student_outcomes_salary" CHECK ("monthlyBase" > 0 AND "monthsPerYear" BETWEEN 1 AND 24 AND "fixedExtras" >= 0),
      CONSTRAINT "PK_student_outcomes" PRIMARY KEY ("id")
    )`);
    await queryRunner.query(`COMMENT ON COLUMN "student_outcomes"."monthlyBase" IS 'amount in cents (1/100 of the currency unit)'`);
    await queryRunner.query(`COMMENT ON COLUMN "student_outcomes"."fixedExtras" IS 'amount in cents (1/100 of the currency unit)'`);
    await queryRunner.query(`CREATE INDEX "IDX_student_outcomes_studentId_date" ON "student_outcomes" ("studentId", "date")`);
    await queryRunner.query(
      `ALTER TABLE "student_outcomes" ADD CONSTRAINT "FK_student_outcomes_student" FOREIGN KEY ("studentId") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "student_files" ADD "outcomeId" uuid`);
    await queryRunner.query(`ALTER TABLE "student_files" ADD "evidenceKind" varchar(32)`);
    await queryRunner.query(
      `ALTER TABLE "student_files" ADD CONSTRAINT "CHK_student_files_evidenceKind" CHECK ("evidenceKind" IS NULL OR "evidenceKind" IN ('offer_letter', 'labour_contract', 'social_insurance', 'other'))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_student_files_outcomeId" ON "student_files" ("outcomeId")`);
    await queryRunner.query(
      `ALTER TABLE "student_files" ADD CONSTRAINT "FK_student_files_outcome" FOREIGN KEY ("outcomeId") REFERENCES "student_outcomes"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "student_files" DROP CONSTRAINT "FK_student_files_outcome"`);
    await queryRunner.query(`DROP INDEX "IDX_student_files_outcomeId"`);
    await queryRunner.query(`ALTER TABLE "student_files" DROP CONSTRAINT "CHK_student_files_evidenceKind"`);
    await queryRunner.query(`ALTER TABLE "student_files" DROP COLUMN "evidenceKind"`);
    await queryRunner.query(`ALTER TABLE "student_files" DROP COLUMN "outcomeId"`);
    await queryRunner.query(`DROP TABLE "student_outcomes"`);
    await queryRunner.query(`ALTER TABLE "students" DROP COLUMN "withdrawalDate"`);
  }
}
