import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The student's own sign-in (docs/product/student-portal.md, ADR 061): the audit log says whether its actor is the
 * administrator or a student (every student action is recorded with the student as the actor), and the one-time
 * password-reset links the administrator hands out, kept as a hash of the token only.
 *
 * Adding a column with a constant default rewrites no row and fires no row trigger, so the append-only trigger of
 * audit_log (ADR 030) stays as it is and every existing entry reads as the administrator's, which it was.
 */
export class StudentPortal1797100000000 implements MigrationInterface {
  name = 'StudentPortal1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "actorKind" varchar(16) NOT NULL DEFAULT 'admin'`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD CONSTRAINT "CHK_audit_log_actorKind" CHECK ("actorKind" IN ('admin', 'student'))`);
    await queryRunner.query(`CREATE TABLE "student_password_resets" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "accountId" uuid NOT NULL,
      "tokenHash" varchar(64) NOT NULL,
      "createdBy" uuid,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "expiresAt" timestamptz NOT NULL,
      "usedAt" timestamptz,
      CONSTRAINT "PK_student_password_resets" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_student_password_resets_tokenHash" UNIQUE ("tokenHash"),
      CONSTRAINT "FK_student_password_resets_account" FOREIGN KEY ("accountId") REFERENCES "student_accounts"("id") ON DELETE CASCADE
    )`);
    // CASCADE above: a link to a login that no longer exists is worth nothing.
    await queryRunner.query(`CREATE INDEX "IDX_student_password_resets_accountId" ON "student_password_resets" ("accountId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "student_password_resets"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP CONSTRAINT "CHK_audit_log_actorKind"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "actorKind"`);
  }
}
