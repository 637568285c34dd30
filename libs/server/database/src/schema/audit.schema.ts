import { type SchemaArea, sql } from './schema-area';

/**
 * The audit log is append-only: updates, deletes and truncation are refused (ADR 030).
 * The current definition, as PostgreSQL prints it (`pg_get_functiondef`, `pg_get_triggerdef`); see schema-area.ts.
 */
export const AUDIT_SCHEMA: SchemaArea = {
  functions: [
    sql`
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
$function$
`,
  ],
  triggers: [
    sql`
CREATE TRIGGER audit_log_no_update_delete
  BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW
  EXECUTE FUNCTION audit_log_append_only()
`,
    sql`
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON public.audit_log
  FOR EACH STATEMENT
  EXECUTE FUNCTION audit_log_append_only()
`,
  ],
};
