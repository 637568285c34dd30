import { type SchemaArea, sql } from './schema-area';

/**
 * The tables whose changes are marked today, by name: a migration that marks another adds it here (the migrations
 * keep their own lists, as they ran).
 */
const MARKED_TABLES = ['admin_config', 'attendance', 'cohorts', 'student_contracts', 'student_outcomes', 'student_payments', 'students'];

/**
 * Change markers (ADR 055): every statement that changes a table the guarantee ledger or the outcomes report reads
 * adds a row to change_markers, visible once committed; the API keeps their results while the markers are the same.
 * The current definition, as PostgreSQL prints it (`pg_get_functiondef`, `pg_get_triggerdef`); see schema-area.ts.
 */
export const CHANGE_MARKERS_SCHEMA: SchemaArea = {
  functions: [
    sql`
CREATE OR REPLACE FUNCTION public.mark_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        INSERT INTO "change_markers" DEFAULT VALUES;
        RETURN NULL;
      END $function$
`,
  ],
  triggers: MARKED_TABLES.map(
    (table) => sql`
CREATE TRIGGER "TRG_${table}_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.${table}
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
  ),
};
