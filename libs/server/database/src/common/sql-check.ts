/**
 * Builds the body of a CHECK constraint that limits a varchar column to an `as const` enum's values.
 * Entities use it so their metadata reads like the enum; the migration spells the same SQL out,
 * because a migration must stay frozen when an enum later grows (that needs a new migration).
 */
export function inValues(column: string, values: readonly string[]): string {
  return `"${column}" IN (${values.map((value) => `'${value}'`).join(', ')})`;
}

/** ISO 4217 shape: three upper-case letters. */
export function isCurrencyCode(column: string): string {
  return `"${column}" ~ '^[A-Z]{3}$'`;
}
