import type { TextKey, Translator } from '~/i18n/translator';

/** The codes the student pages can meet, translated in the locale files under `student.errors` (zh is the API's wording). */
const KNOWN = [
  'STUDENT_INVALID_CREDENTIALS',
  'STUDENT_ACCOUNT_SUSPENDED',
  'STUDENT_ACCOUNT_INACTIVE',
  'STUDENT_LOGIN_REQUIRED',
  'PASSWORD_REQUIRED',
  'CURRENT_PASSWORD_REQUIRED',
  'WRONG_CURRENT_PASSWORD',
  'ACCOUNT_PASSWORD_TOO_SHORT',
  'ACCOUNT_PASSWORD_TOO_LONG',
  'LOGIN_RATE_LIMITED',
  'LOGIN_THROTTLED',
  'RESET_LINK_NOT_FOUND',
  'RESET_LINK_USED',
  'RESET_LINK_EXPIRED',
  'PASSWORDS_DIFFER',
] as const;

/** The page's wording for an API failure, by its code; anything else is the generic failure. */
export function studentError(t: Translator['t'], code: string | undefined): string {
  return (KNOWN as readonly string[]).includes(code ?? '') ? t(`student.errors.${code}` as TextKey) : t('student.errors.FAILED');
}
