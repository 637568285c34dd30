import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-office lists at 100,000 rows (docs/product/back-office.md#long-lists, ADR 028):
 * - the `q` search of registrations, messages and students through GIN indexes of character grams: every
 *   character and every pair of neighbouring characters of the searchable columns (`searchGrams`) and of the
 *   normalised phone (`phoneGrams`), kept in columns a trigger fills, so no query recomputes them (a generated
 *   column would do the same, but TypeORM reads its expression from a table of its own and reports drift). pg_trgm would need
 *   an extension the app's role may not create, and it ignores Chinese under the C locale of the embedded
 *   cluster, so two small SQL functions make the grams instead;
 * - indexes in the exact order the lists sort by (newest first, the id breaking ties, NULLS LAST), alone and
 *   behind each status and subject filter, so a page is an index walk that stops after 25 rows, and a deep
 *   page an index-only walk over ids.
 *
 * The searchable columns here must be `searchable` of the list's ListSpec, in the same order
 * (lists-at-scale.e2e-spec.ts compares every search with a full scan).
 */
export class ListsAtScale1795518327591 implements MigrationInterface {
  name = 'ListsAtScale1795518327591';

  async up(queryRunner: QueryRunner): Promise<void> {
    const gramColumns = (table: string, columns: readonly string[]) => [
      `ALTER TABLE "${table}" ADD "searchGrams" text[], ADD "phoneGrams" text[]`,
      `CREATE TRIGGER "TRG_${table}_search_grams" BEFORE INSERT OR UPDATE OF ${[...columns, 'phoneNormalized'].map((column) => `"${column}"`).join(', ')}
        ON "${table}" FOR EACH ROW EXECUTE FUNCTION aipm_fill_search_grams(${columns.map((column) => `'${column}'`).join(', ')})`,
      `UPDATE "${table}" SET "phoneNormalized" = "phoneNormalized"`,
      `CREATE INDEX "IDX_${table}_searchGrams" ON "${table}" USING gin ("searchGrams")`,
      `CREATE INDEX "IDX_${table}_phoneGrams" ON "${table}" USING gin ("phoneGrams")`,
    ];
    for (const statement of [
      // Every character and every pair of neighbouring characters of a text, lower-cased as ILIKE compares.
      `CREATE FUNCTION aipm_search_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT ARRAY(
          SELECT DISTINCT substr(lowered, i, width)
          FROM lower(value) AS lowered, generate_series(1, length(lowered)) AS i, (VALUES (1), (2)) AS widths (width)
          WHERE i + width - 1 <= length(lowered)
        )
      $$`,
      // What a row's grams must hold to possibly contain `value`: its pairs, or the character alone.
      `CREATE FUNCTION aipm_query_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN length(value) < 2 THEN ARRAY[lower(value)]
          ELSE ARRAY(SELECT DISTINCT substr(lower(value), i, 2) FROM generate_series(1, length(value) - 1) AS i) END
      $$`,

      // The row's grams: of its columns named by the trigger's arguments, joined by U+001F (a character nobody
      // types, so a match never spans two columns) as searchDocument() of list-query.ts joins them; and of its phone.
      `CREATE FUNCTION aipm_fill_search_grams() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          fields jsonb := to_jsonb(NEW);
          document text := '';
        BEGIN
          FOR i IN 0 .. TG_NARGS - 1 LOOP
            document := document || CASE WHEN i > 0 THEN E'\\x1f' ELSE '' END || coalesce(fields ->> TG_ARGV[i], '');
          END LOOP;
          NEW."searchGrams" := aipm_search_grams(document);
          NEW."phoneGrams" := aipm_search_grams(coalesce(NEW."phoneNormalized", ''));
          RETURN NEW;
        END
      $$`,

      ...gramColumns('registrations', ['name', 'phone', 'email', 'school']),
      `DROP INDEX "IDX_registrations_createdAt"`,
      `CREATE INDEX "IDX_registrations_createdAt_id" ON "registrations" ("createdAt" DESC NULLS LAST, "id" DESC)`,
      `DROP INDEX "IDX_registrations_status_createdAt"`,
      `CREATE INDEX "IDX_registrations_status_createdAt_id" ON "registrations" ("status", "createdAt" DESC NULLS LAST, "id" DESC)`,

      ...gramColumns('contact_messages', ['name', 'phone', 'email', 'message']),
      `DROP INDEX "IDX_contact_messages_createdAt"`,
      `CREATE INDEX "IDX_contact_messages_createdAt_id" ON "contact_messages" ("createdAt" DESC NULLS LAST, "id" DESC)`,
      `DROP INDEX "IDX_contact_messages_status_createdAt"`,
      `CREATE INDEX "IDX_contact_messages_status_createdAt_id" ON "contact_messages" ("status", "createdAt" DESC NULLS LAST, "id" DESC)`,
      `DROP INDEX "IDX_contact_messages_subject_createdAt"`,
      `CREATE INDEX "IDX_contact_messages_subject_createdAt_id" ON "contact_messages" ("subject", "createdAt" DESC NULLS LAST, "id" DESC)`,

      ...gramColumns('students', ['name', 'phone', 'email', 'school', 'major']),
      `DROP INDEX "IDX_students_status"`,
      `CREATE INDEX "IDX_students_status_createdAt_id" ON "students" ("status", "createdAt" DESC NULLS LAST, "id" DESC)`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP INDEX "IDX_students_status_createdAt_id"`,
      `CREATE INDEX "IDX_students_status" ON "students" ("status")`,
      `DROP TRIGGER "TRG_students_search_grams" ON "students"`,
      `ALTER TABLE "students" DROP "searchGrams", DROP "phoneGrams"`,
      `DROP INDEX "IDX_contact_messages_subject_createdAt_id"`,
      `CREATE INDEX "IDX_contact_messages_subject_createdAt" ON "contact_messages" ("subject", "createdAt" DESC)`,
      `DROP INDEX "IDX_contact_messages_status_createdAt_id"`,
      `CREATE INDEX "IDX_contact_messages_status_createdAt" ON "contact_messages" ("status", "createdAt" DESC)`,
      `DROP INDEX "IDX_contact_messages_createdAt_id"`,
      `CREATE INDEX "IDX_contact_messages_createdAt" ON "contact_messages" ("createdAt" DESC)`,
      `DROP TRIGGER "TRG_contact_messages_search_grams" ON "contact_messages"`,
      `ALTER TABLE "contact_messages" DROP "searchGrams", DROP "phoneGrams"`,
      `DROP INDEX "IDX_registrations_status_createdAt_id"`,
      `CREATE INDEX "IDX_registrations_status_createdAt" ON "registrations" ("status", "createdAt" DESC)`,
      `DROP INDEX "IDX_registrations_createdAt_id"`,
      `CREATE INDEX "IDX_registrations_createdAt" ON "registrations" ("createdAt" DESC)`,
      `DROP TRIGGER "TRG_registrations_search_grams" ON "registrations"`,
      `ALTER TABLE "registrations" DROP "searchGrams", DROP "phoneGrams"`,
      `DROP FUNCTION aipm_fill_search_grams()`,
      `DROP FUNCTION aipm_query_grams(text)`,
      `DROP FUNCTION aipm_search_grams(text)`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
