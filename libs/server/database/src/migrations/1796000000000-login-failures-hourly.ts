import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 037: failed sign-ins that the append-only audit log should not hold one row each, counted per hour and
 * address instead. An unknown email's failure is a stranger's probe (the email is the caller's choice, so it
 * is not kept); a real account's failures beyond the audited ones in an hour land here too. One row per
 * (hour, address, whether the account exists), upserted; unlike the audit log, rows may be pruned.
 */
export class LoginFailuresHourly1796000000000 implements MigrationInterface {
  name = 'LoginFailuresHourly1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_failures_hourly" (
        "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ip" character varying(64) NOT NULL,
        "accountExists" boolean NOT NULL,
        "failures" integer NOT NULL,
        "lastAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_login_failures_hourly" PRIMARY KEY ("hour", "ip", "accountExists"),
        CONSTRAINT "CHK_login_failures_hourly_failures" CHECK ("failures" > 0)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_failures_hourly"`);
  }
}
