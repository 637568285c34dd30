/*
 * Who counts as one person (docs/decisions/071-person-page.md): the records of every kind with a given normalised
 * phone or lower-cased email, then those sharing a phone or email one of them brought (a second registration with a
 * new number and the old email). One step only: a shared family email must not pull in a class. The person page
 * reads the records this way, and the lead lists count them the same way, so a row's "N 条记录" is the page's N.
 */

/** The records of every kind whose phone is one of `phones` or whose email one of `emails` (SQL array expressions). */
export const recordsMatching = (phones: string, emails: string) => `
  SELECT 'registrations' AS "resource", "id", "name", "phone", "phoneNormalized", "email", "createdAt" FROM "registrations"
  WHERE "phoneNormalized" = ANY(${phones}) OR "email" = ANY(${emails})
  UNION ALL
  SELECT 'contact', "id", "name", "phone", "phoneNormalized", "email", "createdAt" FROM "contact_messages"
  WHERE "phoneNormalized" = ANY(${phones}) OR "email" = ANY(${emails})
  UNION ALL
  SELECT 'students', "id", "name", "phone", "phoneNormalized", lower("email"), "createdAt" FROM "students"
  WHERE "phoneNormalized" = ANY(${phones}) OR lower("email") = ANY(${emails})`;

/**
 * The person's records from the phones and emails given (SQL array expressions), in one statement: the first step's
 * records, read once, then every record sharing a phone or email with them. Both CTEs are materialised so the
 * planner cannot inline them back: the first step feeds both arrays from one read, and the arrays are computed once
 * for the three branches, each an index lookup (phone, email, lower(email)). A list row's correlated count so pays
 * the first step once, not once per array and branch.
 */
export function personRecordsFrom(phones: string, emails: string): string {
  return `
  WITH "first" AS MATERIALIZED (${recordsMatching(phones, emails)}),
  "widened" AS MATERIALIZED (
    SELECT ARRAY(SELECT unnest(${phones}) UNION SELECT "phoneNormalized" FROM "first" WHERE "phoneNormalized" IS NOT NULL) AS "phones",
           ARRAY(SELECT unnest(${emails}) UNION SELECT "email" FROM "first" WHERE "email" IS NOT NULL) AS "emails"
  )
  SELECT "records".* FROM "widened" CROSS JOIN LATERAL (${recordsMatching('"widened"."phones"', '"widened"."emails"')}) "records"`;
}

/**
 * How many records the person of each list row has, as a correlated count in the statement that reads the page
 * (a page of 25 costs no query more).
 */
export function personRecordsOf(alias: string): string {
  return `(SELECT count(*) FROM (${personRecordsFrom(`ARRAY[${alias}."phoneNormalized"]::varchar[]`, `ARRAY[${alias}."email"]::varchar[]`)}) "records")`;
}
