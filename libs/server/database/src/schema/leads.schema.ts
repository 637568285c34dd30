import { type SchemaArea, sql } from './schema-area';

/**
 * Lead capture: a registration stored with its repeat counted on the first lead of the same phone (ADR 033) that is
 * not merged away (ADR 072).
 * The current definition, as PostgreSQL prints it (`pg_get_functiondef`, `pg_get_triggerdef`); see schema-area.ts.
 */
export const LEADS_SCHEMA: SchemaArea = {
  functions: [
    sql`
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
                      AND earlier."mergeId" IS NULL
                    ORDER BY earlier."createdAt" ASC LIMIT 1)
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
`,
  ],
  triggers: [
  ],
};
