import { DUPLICATE_GROUPS_LIMIT } from '@aipm/contracts';

/**
 * The likely duplicates among the leads that stand on their own (not merged away): the same normalised phone, the
 * same email (stored lower-cased), or the same name at the same school (registrations: messages have no school),
 * names and schools compared trimmed and in any case. One row per lead and key; the newest groups first, up to
 * DUPLICATE_GROUPS_LIMIT keys. A pair sharing both phone and email comes back under both keys: the service joins them.
 */
export const DUPLICATES_SQL = `
  WITH "leads" AS (
    SELECT 'registrations' AS "resource", "id", "name", "phone", "phoneNormalized", "email", "school", "major", "goals", "note",
           "status", "source", ("agreedAt" IS NOT NULL) AS "consented", "createdAt"
    FROM "registrations" WHERE "mergeId" IS NULL
    UNION ALL
    SELECT 'contact', "id", "name", "phone", "phoneNormalized", "email", NULL, NULL, NULL, "note", "status", "source", false, "createdAt"
    FROM "contact_messages" WHERE "mergeId" IS NULL
  ),
  "keyed" AS (
    SELECT 'phone' AS "reason", "phoneNormalized" AS "key", "leads".* FROM "leads" WHERE "phoneNormalized" IS NOT NULL
    UNION ALL
    SELECT 'email', "email", "leads".* FROM "leads" WHERE "email" IS NOT NULL AND "email" <> ''
    UNION ALL
    SELECT 'name_school', lower(btrim("name")) || '/' || lower(btrim("school")), "leads".* FROM "leads" WHERE "school" IS NOT NULL
  ),
  "groups" AS (
    SELECT "reason", "key", max("createdAt") AS "latest" FROM "keyed"
    GROUP BY "reason", "key" HAVING count(*) > 1
    ORDER BY "latest" DESC, "reason", "key" LIMIT ${DUPLICATE_GROUPS_LIMIT}
  )
  SELECT "keyed".*, "groups"."latest" FROM "keyed" JOIN "groups" USING ("reason", "key")
  ORDER BY "groups"."latest" DESC, "keyed"."reason", "keyed"."key", "keyed"."createdAt", "keyed"."id"`;
