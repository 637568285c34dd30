import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one administrator (docs/product/README.md#first-administrator), enforced by the database so two API
 * processes cannot both accept a sign-up (a check-then-insert races). A unique index over the rows WHERE
 * "isAdmin" allows one such row. First-time mode (ADMIN_EMAIL / ADMIN_INITIAL_PASSWORD) flags the seeded
 * administrator until the password is changed.
 */
export class SingleAdminAndFirstTimePassword1763900000000 implements MigrationInterface {
  name = 'SingleAdminAndFirstTimePassword1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "mustChangePassword" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_single_admin" ON "users" ("isAdmin") WHERE "isAdmin"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_users_single_admin"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "mustChangePassword"`);
  }
}
