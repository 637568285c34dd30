import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A registration in one round trip (ADR 033). The API used four (BEGIN, the phone's advisory lock, the
 * statement, COMMIT), each a query to write and an answer to wait for on both sides. The lock has to come
 * before a snapshot that can see every registration committed while it was awaited, so it cannot be a CTE of
 * the statement (one snapshot, taken before the lock). In a VOLATILE PL/pgSQL function each statement takes a
 * new snapshot under READ COMMITTED, so `aipm_register_lead` keeps the order of the transaction it replaces:
 * lock, then the statement, committed together by the caller's implicit transaction.
 *
 * The statement is the one `registrations.service.ts` sent before (its comment explains each CTE):
 * the phone's first lead within the window counts a repeat, or a new lead and its phone call are inserted.
 */
const CREATE_FUNCTION = `
  CREATE FUNCTION aipm_register_lead(
    phone_normalized varchar, window_hours integer, lead_email varchar, lead_goals text, lead_name varchar,
    lead_phone varchar, lead_school varchar, lead_major varchar, lead_source jsonb, agreement_version varchar,
    agreed_at timestamptz, agreement_ip varchar, agreement_user_agent varchar
  ) RETURNS TABLE (lead_id uuid, outcome text) LANGUAGE plpgsql VOLATILE AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('registrations'), hashtext(phone_normalized));
    RETURN QUERY
    WITH repeated AS (
      UPDATE "registrations" SET "repeatCount" = "repeatCount" + 1, "lastRepeatedAt" = now(),
             "email" = COALESCE("email", lead_email), "goals" = COALESCE("goals", lead_goals)
      WHERE "id" = (SELECT earlier."id" FROM "registrations" earlier
                    WHERE earlier."phoneNormalized" = phone_normalized
                      AND earlier."createdAt" > now() - make_interval(hours => window_hours)
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
  $$`;

export class RegisterLeadFunction1795600000000 implements MigrationInterface {
  name = 'RegisterLeadFunction1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_FUNCTION);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION aipm_register_lead`);
  }
}
