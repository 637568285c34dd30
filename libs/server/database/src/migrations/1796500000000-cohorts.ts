import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cohorts (期次, docs/product/cohorts.md): a table of their own, and `students.cohortId`. RESTRICT: a cohort with
 * students cannot be deleted (the API says so first, COHORT_HAS_STUDENTS); a student leaves a cohort by changing it.
 */
export class Cohorts1796500000000 implements MigrationInterface {
  name = 'Cohorts1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "cohorts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" varchar(50) NOT NULL,
      "startDate" date NOT NULL,
      "moduleDays" smallint array NOT NULL,
      "daysOff" date array NOT NULL DEFAULT '{}',
      "capacity" integer NOT NULL,
      "status" varchar(16) NOT NULL DEFAULT 'enrolling',
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "updatedAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_cohorts_status" CHECK ("status" IN ('enrolling', 'running', 'finished')),
      CONSTRAINT "CHK_cohorts_capacity" CHECK ("capacity" BETWEEN 1 AND 500),
      CONSTRAINT "CHK_cohorts_moduleDays" CHECK (cardinality("moduleDays") = 7),
      CONSTRAINT "PK_cohorts" PRIMARY KEY ("id")
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_cohorts_name" ON "cohorts" ("name")`);
    await queryRunner.query(`CREATE INDEX "IDX_cohorts_startDate" ON "cohorts" ("startDate")`);
    await queryRunner.query(`ALTER TABLE "students" ADD "cohortId" uuid`);
    await queryRunner.query(
      `ALTER TABLE "students" ADD CONSTRAINT "FK_students_cohort" FOREIGN KEY ("cohortId") REFERENCES "cohorts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_students_cohortId" ON "students" ("cohortId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_students_cohortId"`);
    await queryRunner.query(`ALTER TABLE "students" DROP CONSTRAINT "FK_students_cohort"`);
    await queryRunner.query(`ALTER TABLE "students" DROP COLUMN "cohortId"`);
    await queryRunner.query(`DROP TABLE "cohorts"`);
  }
}
