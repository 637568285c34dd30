import type { ErrorCode } from '@aipm/contracts';

/** The translation key of a code, for notify() and form errors (react-admin translates both). */
export function errorKey(code: ErrorCode): string {
  return `aipm.errors.${code}`;
}
