/** Emails are unique as stored: trimmed and lower-cased before saving and before looking up. */
export function normaliseEmail(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}
