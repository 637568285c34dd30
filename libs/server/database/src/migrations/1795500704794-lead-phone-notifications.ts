import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New-lead phone calls (ADR 021): the call log (every attempt of every provider) and the outbox of
 * leads to announce, written in the lead's own transaction. Leads stored before this migration are not
 * announced (they were followed up without it).
 */
export class LeadPhoneNotifications1795500704794 implements MigrationInterface {
  name = 'LeadPhoneNotifications1795500704794';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "notification_calls" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "provider" varchar(16) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'dialing',
        "trigger" varchar(16) NOT NULL,
        "calledNumber" varchar(255) NOT NULL,
        "leadCount" integer NOT NULL DEFAULT 0,
        "providerCallId" varchar(128),
        "durationSeconds" integer,
        "costEstimateFen" integer NOT NULL DEFAULT 0,
        "errorCode" varchar(64),
        "error" text,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "finishedAt" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_notification_calls" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_notification_calls_provider" CHECK ("provider" IN ('aliyun', 'twilio')),
        CONSTRAINT "CHK_notification_calls_status" CHECK ("status" IN ('dialing', 'placed', 'throttled', 'refused', 'failed')),
        CONSTRAINT "CHK_notification_calls_trigger" CHECK ("trigger" IN ('lead', 'batch', 'test'))
      )`,
      `CREATE INDEX "IDX_notification_calls_createdAt" ON "notification_calls" ("createdAt" DESC)`,
      `CREATE INDEX "IDX_notification_calls_calledNumber_createdAt" ON "notification_calls" ("calledNumber", "createdAt" DESC)`,
      `CREATE TABLE "lead_notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "registrationId" uuid,
        "contactMessageId" uuid,
        "enqueuedAt" TIMESTAMP WITH TIME ZONE,
        "callId" uuid,
        "announcedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_lead_notifications" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_lead_notifications_registrationId" UNIQUE ("registrationId"),
        CONSTRAINT "UQ_lead_notifications_contactMessageId" UNIQUE ("contactMessageId"),
        CONSTRAINT "CHK_lead_notifications_one_lead" CHECK (("registrationId" IS NULL) <> ("contactMessageId" IS NULL)),
        CONSTRAINT "FK_lead_notifications_registration" FOREIGN KEY ("registrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_notifications_contactMessage" FOREIGN KEY ("contactMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_notifications_call" FOREIGN KEY ("callId") REFERENCES "notification_calls"("id") ON DELETE SET NULL
      )`,
      `CREATE INDEX "IDX_lead_notifications_enqueuedAt_createdAt" ON "lead_notifications" ("enqueuedAt", "createdAt")`,
      `CREATE INDEX "IDX_lead_notifications_announcedAt_createdAt" ON "lead_notifications" ("announcedAt", "createdAt")`,
      `CREATE INDEX "IDX_lead_notifications_callId" ON "lead_notifications" ("callId")`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_notifications"`);
    await queryRunner.query(`DROP TABLE "notification_calls"`);
  }
}
