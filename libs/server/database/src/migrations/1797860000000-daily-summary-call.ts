import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The daily summary call is logged with its own trigger (docs/product/phone.md#daily-summary-call). */
export class DailySummaryCall1797860000000 implements MigrationInterface {
  name = 'DailySummaryCall1797860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_calls" DROP CONSTRAINT "CHK_notification_calls_trigger"`);
    await queryRunner.query(`ALTER TABLE "notification_calls" ADD CONSTRAINT "CHK_notification_calls_trigger" CHECK ("trigger" IN ('lead', 'batch', 'test', 'summary'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The summary calls go with the trigger: the log cannot keep a row the older CHECK refuses.
    await queryRunner.query(`DELETE FROM "notification_calls" WHERE "trigger" = 'summary'`);
    await queryRunner.query(`ALTER TABLE "notification_calls" DROP CONSTRAINT "CHK_notification_calls_trigger"`);
    await queryRunner.query(`ALTER TABLE "notification_calls" ADD CONSTRAINT "CHK_notification_calls_trigger" CHECK ("trigger" IN ('lead', 'batch', 'test'))`);
  }
}
