import { type SchemaArea, sql } from './schema-area';

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
  triggers: [
    sql`
CREATE TRIGGER "TRG_admin_config_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.admin_config
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_attendance_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.attendance
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_cohorts_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.cohorts
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_student_contracts_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.student_contracts
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_student_outcomes_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.student_outcomes
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_student_payments_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.student_payments
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
    sql`
CREATE TRIGGER "TRG_students_mark_change"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.students
  FOR EACH STATEMENT
  EXECUTE FUNCTION mark_change()
`,
  ],
};
