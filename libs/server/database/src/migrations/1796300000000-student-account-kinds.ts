import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The five tool columns of `students`, in the card's order, and the account kind each becomes. */
const TOOL_COLUMNS = [
  ['vpnAccount', 'vpn'],
  ['lovableAccount', 'lovable'],
  ['replitAccount', 'replit'],
  ['traeAccount', 'trae'],
  ['qoderAccount', 'qoder'],
] as const;

/**
 * Accounts get a kind (ADR 045): `student_login` (the 账户 tab's logins so far: username, email, hashed password)
 * or a tool (vpn, lovable, replit, trae, qoder: the account's text in `username`, email optional, no password).
 * Usernames and emails stay unique among logins only (partial unique indexes under the constraints' names, so a
 * clash still reads as USERNAME_TAKEN / ACCOUNT_EMAIL_TAKEN).
 *
 * Moving the old data: existing rows become student_login; each non-empty tool field of a student becomes one
 * active account of that kind (created in the card's order, 1 ms apart); the five columns are dropped. `down`
 * puts each student's oldest account of each tool kind back in its column and deletes the tool accounts.
 */
export class StudentAccountKinds1796300000000 implements MigrationInterface {
  name = 'StudentAccountKinds1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "student_accounts"
      ADD "kind" varchar(32) NOT NULL DEFAULT 'student_login',
      ALTER "email" DROP NOT NULL,
      ALTER "password" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "student_accounts" DROP CONSTRAINT "UQ_student_accounts_username", DROP CONSTRAINT "UQ_student_accounts_email"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_student_accounts_username" ON "student_accounts" ("username") WHERE "kind" = 'student_login'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_student_accounts_email" ON "student_accounts" ("email") WHERE "kind" = 'student_login'`);
    await queryRunner.query(`ALTER TABLE "student_accounts"
      ADD CONSTRAINT "CHK_student_accounts_kind" CHECK ("kind" IN ('vpn', 'lovable', 'replit', 'trae', 'qoder', 'student_login')),
      ADD CONSTRAINT "CHK_student_accounts_login" CHECK ("kind" <> 'student_login' OR ("email" IS NOT NULL AND "password" IS NOT NULL)),
      ADD CONSTRAINT "CHK_student_accounts_tool_password" CHECK ("kind" = 'student_login' OR "password" IS NULL)`);
    const tools = TOOL_COLUMNS.map(([column, kind], place) => `('${kind}', s."${column}", ${place + 1})`).join(', ');
    await queryRunner.query(`INSERT INTO "student_accounts" ("studentId", "kind", "username", "status", "createdAt", "updatedAt")
      SELECT s."id", t."kind", t."account", 'active', s."createdAt" + t."place" * interval '1 millisecond', now()
      FROM "students" s CROSS JOIN LATERAL (VALUES ${tools}) AS t ("kind", "account", "place")
      WHERE t."account" IS NOT NULL AND btrim(t."account") <> ''
      ORDER BY s."createdAt", s."id", t."place"`);
    await queryRunner.query(`ALTER TABLE "students" ${TOOL_COLUMNS.map(([column]) => `DROP COLUMN "${column}"`).join(', ')}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "students" ${TOOL_COLUMNS.map(([column]) => `ADD "${column}" varchar(255)`).join(', ')}`);
    await queryRunner.query(`UPDATE "students" s SET ${TOOL_COLUMNS.map(
      ([column, kind]) =>
        `"${column}" = (SELECT a."username" FROM "student_accounts" a WHERE a."studentId" = s."id" AND a."kind" = '${kind}' ORDER BY a."createdAt", a."id" LIMIT 1)`,
    ).join(', ')}`);
    await queryRunner.query(`DELETE FROM "student_accounts" WHERE "kind" <> 'student_login'`);
    await queryRunner.query(`ALTER TABLE "student_accounts"
      DROP CONSTRAINT "CHK_student_accounts_kind",
      DROP CONSTRAINT "CHK_student_accounts_login",
      DROP CONSTRAINT "CHK_student_accounts_tool_password"`);
    await queryRunner.query(`DROP INDEX "UQ_student_accounts_username"`);
    await queryRunner.query(`DROP INDEX "UQ_student_accounts_email"`);
    await queryRunner.query(`ALTER TABLE "student_accounts"
      ADD CONSTRAINT "UQ_student_accounts_username" UNIQUE ("username"),
      ADD CONSTRAINT "UQ_student_accounts_email" UNIQUE ("email"),
      ALTER "email" SET NOT NULL,
      ALTER "password" SET NOT NULL,
      DROP COLUMN "kind"`);
  }
}
