import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `aipm_register_lead` as RegisterLeadFunction and RegisterLeadPlans left it, with or without the condition that a
 * repeat is counted only on a registration that stands on its own: one merged away is hidden, and a repeat counted
 * on it would hide the visitor's new registration with it.
 */
const registerLead = (standingOnly: boolean) => `
CREATE OR REPLACE FUNCTION public.aipm_register_lead(phone_normalized character varying, window_hours integer, lead_email character varying, lead_goals text, lead_name character varying, lead_phone character varying, lead_school character varying, lead_major character varying, lead_source jsonb, agreement_version character varying, agreed_at timestamp with time zone, agreement_ip character varying, agreement_user_agent character varying)
 RETURNS TABLE(lead_id uuid, outcome text)
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('registrations'), hashtext(phone_normalized));
    RETURN QUERY
    WITH repeated AS (
      UPDATE "registrations" SET "repeatCount" = "repeatCount" + 1, "lastRepeatedAt" = now(),
             "email" = COALESCE("email", lead_email), "goals" = COALESCE("goals", lead_goals)
      WHERE "id" = (SELECT earlier."id" FROM "registrations" earlier
                    WHERE earlier."phoneNormalized" = phone_normalized
                      AND earlier."createdAt" > now() - make_interval(hours => window_hours)
${standingOnly ? `                      AND earlier."mergeId" IS NULL\n` : ''}                    ORDER BY earlier."createdAt" ASC LIMIT 1)
      RETURNING "id"
    ), inserted AS (
      INSERT INTO "registrations" ("name", "phone", "phoneNormalized", "email", "school", "major", "goals", "source",
                                   "agreementVersion", "agreedAt", "agreementIp", "agreementUserAgent")
      SELECT lead_name, lead_phone, phone_normalized, lead_email, lead_school, lead_major, lead_goals, lead_source,
             agreement_version, agreed_at, agreement_ip, agreement_user_agent
      WHERE NOT EXISTS (SELECT 1 FROM repeated)
      RETURNING "id"
    ), notified AS (
      INSERT INTO "lead_notifications" ("registrationId") SELECT inserted."id" FROM inserted
    )
    SELECT repeated."id", 'repeat'::text FROM repeated
    UNION ALL
    SELECT inserted."id", 'new'::text FROM inserted;
  END
$function$
`;

/**
 * Duplicates merged, reversibly (ADR 072): a merge keeps both lead rows. The one merged away points at its merge
 * ("mergeId") and leaves the lists and counts; the merge row keeps both rows as they were before (the undo writes
 * them back) and as the merge left them (an undo after a later change is refused). Each side is one of two
 * foreign keys, so erasing or deleting either lead removes the merge and its copies of their data; the merged lead
 * then shows again (SET NULL), unchanged. A repeat registration is counted only on a lead that stands on its own.
 */
export class LeadMerges1797660000000 implements MigrationInterface {
  name = 'LeadMerges1797660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_merges" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "survivorRegistrationId" uuid,
        "survivorMessageId" uuid,
        "mergedRegistrationId" uuid,
        "mergedMessageId" uuid,
        "before" jsonb NOT NULL,
        "after" jsonb NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "undoneAt" timestamptz,
        CONSTRAINT "PK_lead_merges" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_lead_merges_survivor" CHECK (num_nonnulls("survivorRegistrationId", "survivorMessageId") = 1),
        CONSTRAINT "CHK_lead_merges_merged" CHECK (num_nonnulls("mergedRegistrationId", "mergedMessageId") = 1),
        CONSTRAINT "FK_lead_merges_survivorRegistration" FOREIGN KEY ("survivorRegistrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_survivorMessage" FOREIGN KEY ("survivorMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_mergedRegistration" FOREIGN KEY ("mergedRegistrationId") REFERENCES "registrations"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_merges_mergedMessage" FOREIGN KEY ("mergedMessageId") REFERENCES "contact_messages"("id") ON DELETE CASCADE
      )`);
    for (const column of ['survivorRegistrationId', 'survivorMessageId', 'mergedRegistrationId', 'mergedMessageId']) {
      await queryRunner.query(`CREATE INDEX "IDX_lead_merges_${column}" ON "lead_merges" ("${column}")`);
    }
    for (const table of ['registrations', 'contact_messages']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "mergeId" uuid`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_merge" FOREIGN KEY ("mergeId") REFERENCES "lead_merges"("id") ON DELETE SET NULL`);
      await queryRunner.query(`CREATE INDEX "IDX_${table}_mergeId" ON "${table}" ("mergeId")`);
    }
    await queryRunner.query(registerLead(true));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(registerLead(false));
    for (const table of ['contact_messages', 'registrations']) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_mergeId"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "FK_${table}_merge"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "mergeId"`);
    }
    await queryRunner.query(`DROP TABLE "lead_merges"`);
  }
}
