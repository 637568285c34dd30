import type { TextKey, Translator } from '~/i18n/translator';

/**
 * The codes the student pages can meet, translated in the locale files under `student.errors`: zh is the API's
 * wording, except where the student's form names a field otherwise (接受录用日期 for the outcome's date, yuan not cents).
 */
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
  // the offer report (/student/offers)
  'OFFER_REPORT_NOT_A_JOB',
  'OFFER_DATE_IN_FUTURE',
  'INVALID_OUTCOME_DATE',
  'OUTCOME_BEFORE_ENROLLMENT',
  'EMPLOYER_REQUIRED',
  'EMPLOYER_TOO_LONG',
  'JOB_TITLE_REQUIRED',
  'JOB_TITLE_TOO_LONG',
  'CITY_REQUIRED',
  'CITY_TOO_LONG',
  'INVALID_JOB_START_DATE',
  'JOB_START_BEFORE_OFFER',
  'INVALID_MONTHLY_BASE',
  'INVALID_MONTHS_PER_YEAR',
  'INVALID_FIXED_EXTRAS',
  'OUTCOME_NOTES_TOO_LONG',
  'EVIDENCE_REQUIRED',
  'INVALID_EVIDENCE',
  'UNSUPPORTED_FILE_TYPE',
  'EMPTY_FILE',
  'FILE_CONTENT_MISMATCH',
  'CONTRACT_FILE_TOO_LARGE',
  'FILE_NAME_TOO_LONG',
  'TOO_MANY_CONTRACT_FILES',
  'OFFER_REPORT_RATE_LIMITED',
  'INVALID_OFFER_REPORT',
  'INVALID_MONEY',
] as const;

/** The page's wording for an API failure, by its code; anything else is the generic failure. */
export function studentError(t: Translator['t'], code: string | undefined): string {
  return (KNOWN as readonly string[]).includes(code ?? '') ? t(`student.errors.${code}` as TextKey) : t('student.errors.FAILED');
}
