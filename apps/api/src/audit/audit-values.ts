import { AUDIT_REDACTED, type AuditValues } from '@aipm/contracts';

/*
 * What an entry may hold of a row, decided here for every route at once (ADR 030): secrets are replaced by a
 * marker (that they changed is kept, never their value), phones are masked as in the lists (138****5678), long
 * texts are cut, and columns the database keeps for itself (search grams) are left out.
 */

/** A field whose value is a secret: a password (or its hash), a cookie, a token, a key, a signature. */
const SECRET_FIELD = /password|passwd|cookie|token|secret|signature|credential|api_?key|access_?key|private_?key|^session/i;
const PHONE_FIELD = /phone|mobile|calledNumber/i;
/** Maintained by the database, not by anybody's action. */
const IGNORED_FIELD = /^(searchGrams|phoneGrams|phoneNormalized|updatedAt)$/;
const MAX_TEXT = 500;

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** 138****5678: the first three and last four digits of a number of at least 7 digits; shorter ones hide all. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 7) return '****';
  const local = digits.length > 11 && digits.startsWith('86') ? digits.slice(2) : digits;
  return `${local.slice(0, 3)}****${local.slice(-4)}`;
}

/** a***@example.com: enough to recognise, not enough to contact. */
export function maskEmail(value: string): string {
  const at = value.indexOf('@');
  return at <= 0 ? '***' : `${value[0]}***${value.slice(at)}`;
}

/**
 * jsonb refuses what a text column took: a NUL and a lone surrogate (JSON.stringify writes it as an escape
 * PostgreSQL rejects). Both become U+FFFD, so a stored value never makes its entry fail.
 */
export function jsonSafeText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string') return jsonSafeText(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return safeValues(value as Record<string, unknown>);
  return value ?? null;
}

/** One field's value as it may be stored. */
export function safeValue(field: string, value: unknown): unknown {
  if (isSecretField(field)) return value === null || value === undefined || value === '' ? null : AUDIT_REDACTED;
  if (PHONE_FIELD.test(field) && typeof value === 'string' && value) return maskPhone(value);
  return plain(value);
}

/** Every field of a row or a body, made safe (nested objects too). */
export function safeValues(values: Record<string, unknown>): AuditValues {
  const safe: AuditValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (IGNORED_FIELD.test(field) || typeof value === 'function') continue;
    safe[jsonSafeText(field)] = safeValue(field, value);
  }
  return safe;
}

export interface AuditDiff {
  before: AuditValues | null;
  after: AuditValues | null;
}

/**
 * The fields that differ, each side made safe. A creation has no before and a deletion no after: then the
 * whole other side is kept, so the entry says what was created or removed. Secrets compare by their raw value
 * (a changed password hash shows as changed) but are stored as the marker.
 */
export function diffValues(before: Record<string, unknown> | null, after: Record<string, unknown> | null, omit: readonly string[] = []): AuditDiff {
  const kept = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([field]) => !omit.includes(field)));
  if (!before && !after) return { before: null, after: null };
  if (!before) return { before: null, after: safeValues(kept(after!)) };
  if (!after) return { before: safeValues(kept(before)), after: null };
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED_FIELD.test(field) || omit.includes(field)) continue;
    if (JSON.stringify(plainRaw(before[field])) === JSON.stringify(plainRaw(after[field]))) continue;
    changedBefore[field] = before[field];
    changedAfter[field] = after[field];
  }
  if (Object.keys(changedAfter).length === 0) return { before: null, after: null };
  return { before: safeValues(changedBefore), after: safeValues(changedAfter) };
}

function plainRaw(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}
