/**
 * The current text of the database's functions and triggers, one file per area (ADR 043). Migrations keep the
 * text they ran (they are history, and an old migration must not run a newer body against an older schema);
 * `schema.int-spec.ts` checks that the migrated database holds exactly what these files say, so this is where
 * a reader finds what `aipm_register_lead` does today. A migration that changes a function copies its new text
 * here in the same commit.
 */
export interface SchemaArea {
  /** `CREATE OR REPLACE FUNCTION public.…` statements. */
  functions: readonly string[];
  /** `CREATE TRIGGER … ON public.<table> …` statements. */
  triggers: readonly string[];
}

/** Keeps the SQL as written: backslashes (`E'\x1f'`) stay backslashes. */
export const sql = String.raw;
