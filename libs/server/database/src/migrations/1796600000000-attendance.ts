import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Attendance (考勤, docs/product/cohorts.md#attendance): one mark per cohort, class day and student. */
export class Attendance1796600000000 implements MigrationInterface {
  name = 'Attendance1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "attendance" (
      "cohortId" uuid NOT NULL,
      "date" date NOT NULL,
      "studentId" uuid NOT NULL,
      "mark" varchar(16) NOT NULL,
      "updatedAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_attendance_mark" CHECK ("mark" IN ('present', 'late', 'absent', 'leave')),
      CONSTRAINT "PK_attendance" PRIMARY KEY ("cohortId", "date", "studentId")
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_attendance_studentId" ON "attendance" ("studentId")`);
    await queryRunner.query(
      `ALTER TABLE "attendance" ADD CONSTRAINT "FK_attendance_cohort" FOREIGN KEY ("cohortId") REFERENCES "cohorts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "attendance" ADD CONSTRAINT "FK_attendance_student" FOREIGN KEY ("studentId") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "attendance"`);
  }
}
