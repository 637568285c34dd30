import { LeadStatus } from '@aipm/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Erases, in one statement, the leads whose person is past the retention period: last contacted (a lead's
 * creation or its latest repeat) before the cutoff, never enrolled, and no student record with their phone or
 * email. A person is everyone sharing a phone or an email with the lead, so one recent message keeps their old
 * registration too. Set-based (hashed NOT IN over the people still kept), so it reads each table once.
 * Their notifications and call links go by cascade. Answers the counts erased.
 */
export async function eraseLeadsContactedBefore(manager: EntityManager, now: Date, retentionMonths: number): Promise<{ registrations: number; messages: number; cutoff: Date }> {
  const [row] = await manager.query<Array<{ registrations: string; messages: string; cutoff: Date }>>(
    `WITH cutoff AS (SELECT $1::timestamptz - make_interval(months => $2) AS at),
     contacts AS (
       SELECT "id", 'registration' AS kind, "phoneNormalized" AS phone, "email", GREATEST("createdAt", COALESCE("lastRepeatedAt", "createdAt")) AS at, "status"
       FROM "registrations"
       UNION ALL
       SELECT "id", 'message', "phoneNormalized", "email", "createdAt", "status" FROM "contact_messages"
     ),
     kept_phones AS (
       SELECT phone FROM contacts WHERE phone IS NOT NULL AND (at >= (SELECT at FROM cutoff) OR "status" = $3)
       UNION SELECT "phoneNormalized" FROM "students" WHERE "phoneNormalized" IS NOT NULL
     ),
     kept_emails AS (
       SELECT "email" FROM contacts WHERE "email" IS NOT NULL AND (at >= (SELECT at FROM cutoff) OR "status" = $3)
       UNION SELECT lower("email") FROM "students" WHERE "email" IS NOT NULL
     ),
     expired AS (
       SELECT "id", kind FROM contacts
       WHERE at < (SELECT at FROM cutoff) AND "status" <> $3
         AND (phone IS NULL OR phone NOT IN (SELECT phone FROM kept_phones))
         AND ("email" IS NULL OR "email" NOT IN (SELECT "email" FROM kept_emails))
     ),
     erased_registrations AS (
       DELETE FROM "registrations" WHERE "id" IN (SELECT "id" FROM expired WHERE kind = 'registration') RETURNING 1
     ),
     erased_messages AS (
       DELETE FROM "contact_messages" WHERE "id" IN (SELECT "id" FROM expired WHERE kind = 'message') RETURNING 1
     )
     SELECT (SELECT count(*) FROM erased_registrations) AS registrations,
            (SELECT count(*) FROM erased_messages) AS messages,
            (SELECT at FROM cutoff) AS cutoff`,
    [now, retentionMonths, LeadStatus.Enrolled]
  );
  return { registrations: Number(row!.registrations), messages: Number(row!.messages), cutoff: new Date(row!.cutoff) };
}
