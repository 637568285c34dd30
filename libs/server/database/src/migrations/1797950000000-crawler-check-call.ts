import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The call when a crawl waits for a human check is logged with its own trigger (docs/product/phone.md#crawler-check-call). */
export class CrawlerCheckCall1797950000000 implements MigrationInterface {
  name = 'CrawlerCheckCall1797950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_calls" DROP CONSTRAINT "CHK_notification_calls_trigger"`);
    await queryRunner.query(`ALTER TABLE "notification_calls" ADD CONSTRAINT "CHK_notification_calls_trigger" CHECK ("trigger" IN ('lead', 'batch', 'test', 'summary', 'crawler_check'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The crawler check calls go with the trigger: the log cannot keep a row the older CHECK refuses.
    await queryRunner.query(`DELETE FROM "notification_calls" WHERE "trigger" = 'crawler_check'`);
    await queryRunner.query(`ALTER TABLE "notification_calls" DROP CONSTRAINT "CHK_notification_calls_trigger"`);
    await queryRunner.query(`ALTER TABLE "notification_calls" ADD CONSTRAINT "CHK_notification_calls_trigger" CHECK ("trigger" IN ('lead', 'batch', 'test', 'summary'))`);
  }
}
