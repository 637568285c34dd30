import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follow-ups (ADR 073): many per lead, each with a due time, a kind, a note and a result. Every lead's single
 * follow-up date becomes one follow-up, so none is lost: an open one (a call) while the lead is new or
 * contacted, a done one for a lead already enrolled or given up, so it does not reach 今日待办 as overdue. The
 * lead's `followUpAt` column stays, no longer written by the back office. Values written out: frozen.
 */
export class FollowUps1797700000000 implements MigrationInterface {
  name = 'FollowUps1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "follow_ups" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "registrationId" uuid,
        "contactMessageId" uuid,
        "dueAt" timestamptz NOT NULL,
        "kind" varchar(16) NOT NULL,
        "note" text,
        "result" text,
        "doneAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_follow_ups" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_follow_ups_one_lead" CHECK (("registrationId" IS NULL) <> ("contactMessageId" IS NULL)),
        CONSTRAINT "CHK_follow_ups_kind" CHECK ("kind" IN ('phone', 'wechat', 'meeting')),
        CONSTRAINT "CHK_follow_ups_done" CHECK (("doneAt" IS NULL) = ("result" IS NULL)),
        CONSTRAINT "FK_follow_ups_registration" FOREIGN KEY ("registrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_follow_ups_contactMessage" FOREIGN KEY ("contactMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_follow_ups_open_dueAt_id" ON "follow_ups" ("dueAt", "id") WHERE "doneAt" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_follow_ups_registrationId_dueAt" ON "follow_ups" ("registrationId", "dueAt")`);
    await queryRunner.query(`CREATE INDEX "IDX_follow_ups_contactMessageId_dueAt" ON "follow_ups" ("contactMessageId", "dueAt")`);
    for (const [table, column] of [
      ['registrations', 'registrationId'],
      ['contact_messages', 'contactMessageId'],
    ] as const) {
      await queryRunner.query(
        `INSERT INTO "follow_ups" ("${column}", "dueAt", "kind", "result", "doneAt", "createdAt")
         SELECT "id", "followUpAt", 'phone',
                CASE WHEN "status" IN ('new', 'contacted') THEN NULL ELSE '线索已结束，跟进日期随迁移关闭' END,
                CASE WHEN "status" IN ('new', 'contacted') THEN NULL ELSE now() END,
                now()
           FROM "${table}" WHERE "followUpAt" IS NOT NULL`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The lead keeps its earliest open follow-up's due time back in followUpAt where it has none.
    for (const [table, column] of [
      ['registrations', 'registrationId'],
      ['contact_messages', 'contactMessageId'],
    ] as const) {
      await queryRunner.query(
        `UPDATE "${table}" t SET "followUpAt" = f.due
           FROM (SELECT "${column}" AS id, min("dueAt") AS due FROM "follow_ups" WHERE "${column}" IS NOT NULL AND "doneAt" IS NULL GROUP BY 1) f
          WHERE t."id" = f.id AND t."followUpAt" IS NULL`,
      );
    }
    await queryRunner.query(`DROP TABLE "follow_ups"`);
  }
}
