import { type SchemaArea, sql } from './schema-area';

/**
 * The admin lists' search: three-character grams of the searched columns, kept by triggers (ADR 028).
 * The current definition, as PostgreSQL prints it (`pg_get_functiondef`, `pg_get_triggerdef`); see schema-area.ts.
 */
export const SEARCH_SCHEMA: SchemaArea = {
  functions: [
    sql`
CREATE OR REPLACE FUNCTION public.aipm_search_grams(value text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT ARRAY(
    SELECT DISTINCT substr(lowered, i, width)
    FROM lower(value) AS lowered, generate_series(1, length(lowered)) AS i, generate_series(1, 3) AS width
    WHERE i + width - 1 <= length(lowered)
  )
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_query_grams(value text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT CASE WHEN length(value) <= 3 THEN ARRAY[lower(value)]
    ELSE ARRAY(SELECT DISTINCT substr(lower(value), i, 3) FROM generate_series(1, length(value) - 3 + 1) AS i) END
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_fill_search_grams()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  DECLARE
    fields jsonb := to_jsonb(NEW);
    document text := '';
  BEGIN
    FOR i IN 0 .. TG_NARGS - 1 LOOP
      document := document || CASE WHEN i > 0 THEN E'\x1f' ELSE '' END || coalesce(fields ->> TG_ARGV[i], '');
    END LOOP;
    NEW."searchGrams" := aipm_search_grams(document);
    NEW."phoneGrams" := aipm_search_grams(coalesce(NEW."phoneNormalized", ''));
    RETURN NEW;
  END
$function$
`,
  ],
  triggers: [
    sql`
CREATE TRIGGER "TRG_registrations_search_grams"
  BEFORE INSERT OR UPDATE OF name, phone, email, school, "phoneNormalized" ON public.registrations
  FOR EACH ROW
  EXECUTE FUNCTION aipm_fill_search_grams('name', 'phone', 'email', 'school')
`,
    sql`
CREATE TRIGGER "TRG_contact_messages_search_grams"
  BEFORE INSERT OR UPDATE OF name, phone, email, message, "phoneNormalized" ON public.contact_messages
  FOR EACH ROW
  EXECUTE FUNCTION aipm_fill_search_grams('name', 'phone', 'email', 'message')
`,
    sql`
CREATE TRIGGER "TRG_students_search_grams"
  BEFORE INSERT OR UPDATE OF name, phone, email, school, major, "phoneNormalized" ON public.students
  FOR EACH ROW
  EXECUTE FUNCTION aipm_fill_search_grams('name', 'phone', 'email', 'school', 'major')
`,
  ],
};
