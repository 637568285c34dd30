import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every lead each call attempt covered (a failed attempt's leads go back to pending, and the log must still
 * name them: docs/product/phone.md#notification-log), and the provider's own record of a placed call once it
 * ended (real duration, state, price), fetched by the worker (ADR 021, "Call details"). Existing links are
 * copied from lead_notifications.
 */
export class NotificationCallLeadsAndDetails1795515271872 implements MigrationInterface {
  name = 'NotificationCallLeadsAndDetails1795515271872';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "notification_call_leads" (
        "callId" uuid NOT NULL,
        "leadNotificationId" uuid NOT NULL,
        CONSTRAINT "PK_notification_call_leads" PRIMARY KEY ("callId", "leadNotificationId"),
        CONSTRAINT "FK_notification_call_leads_call" FOREIGN KEY ("callId") REFERENCES "notification_calls"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_notification_call_leads_lead" FOREIGN KEY ("leadNotificationId") REFERENCES "lead_notifications"("id") ON DELETE CASCADE
      )`,
      `CREATE INDEX "IDX_notification_call_leads_leadNotificationId" ON "notification_call_leads" ("leadNotificationId")`,
      `INSERT INTO "notification_call_leads" ("callId", "leadNotificationId") SELECT "callId", "id" FROM "lead_notifications" WHERE "callId" IS NOT NULL`,
      `CREATE TABLE "notification_call_details" (
        "callId" uuid NOT NULL,
        "state" varchar(64) NOT NULL,
        "answered" boolean NOT NULL,
        "durationSeconds" integer NOT NULL,
        "price" numeric(12, 5),
        "priceUnit" varchar(8),
        "fetchedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_notification_call_details" PRIMARY KEY ("callId"),
        CONSTRAINT "FK_notification_call_details_call" FOREIGN KEY ("callId") REFERENCES "notification_calls"("id") ON DELETE CASCADE
      )`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification_call_details"`);
    await queryRunner.query(`DROP TABLE "notification_call_leads"`);
  }
}
