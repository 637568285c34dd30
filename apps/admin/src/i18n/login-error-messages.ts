import { AUTH_ERRORS, type AuthErrorCode, COMMON_ERRORS, type CommonErrorCode } from '@aipm/contracts';

/*
 * The error codes the login page can meet (GET /api/admin/check, POST login and register, and the front
 * door's own answers): the common and auth codes. Only these ship with /admin/login; the rest of the
 * catalog (error-messages.ts) is merged in when react-admin loads (i18nProvider.ts).
 */
export type LoginErrorCode = CommonErrorCode | AuthErrorCode;

export const zhLoginErrorMessages: Record<LoginErrorCode, string> = { ...COMMON_ERRORS, ...AUTH_ERRORS };

export const enLoginErrorMessages: Record<LoginErrorCode, string> = {
  INTERNAL_ERROR: 'Server error, please try again later',
  BAD_REQUEST: 'The request could not be read',
  NOT_FOUND: 'The requested resource does not exist',
  REQUEST_FAILED: 'The request failed, please try again later',
  BODY_TOO_LARGE: 'The submission is too long; please shorten it and try again',
  API_UNAVAILABLE: 'The API is not available at the moment, please try again later',
  API_TIMEOUT: 'The API took too long to answer, please try again later',
  DATABASE_UNAVAILABLE: 'The database is not available at the moment, please try again later',
  UNKNOWN_HOST: 'This site does not serve the host name of the request',
  INVALID_CHARACTERS: 'The input contains characters that cannot be stored',
  INPUT_TOO_DEEP: 'The request is nested too deeply',
  HEADERS_TOO_LARGE: 'The address or the headers of the request are too long',
  INVALID_EMAIL: 'Please enter a valid email address',
  INVALID_LIST_QUERY: 'Invalid list parameters',
  UNKNOWN_FIELD: 'The request contains a field that is not supported',
  INVALID_FIELD: 'A field has an invalid format',
  LIMIT_NOT_INTEGER: 'limit must be a whole number',
  LIMIT_TOO_SMALL: 'limit must be at least 1',
  LIMIT_TOO_LARGE: 'limit is over the maximum',
  PASSWORD_TOO_SHORT: 'The password needs at least 8 characters',
  PASSWORD_REQUIRED: 'Please enter the password',
  CURRENT_PASSWORD_REQUIRED: 'Please enter the current password',
  NEW_PASSWORD_TOO_SHORT: 'The new password needs at least 8 characters',
  INVALID_CREDENTIALS: 'Wrong email or password',
  ADMIN_EXISTS: 'An administrator already exists; please sign in',
  WRONG_CURRENT_PASSWORD: 'The current password is wrong',
  UNAUTHORIZED: 'Please sign in as the administrator',
  LOGIN_RATE_LIMITED: 'Too many failed sign-ins; please try again in 15 minutes',
  LOGIN_THROTTLED: 'Too many sign-in attempts for this account; please wait a moment and try again',
  SESSION_UNAVAILABLE: 'Your session cannot be checked at the moment, please try again shortly',
  LOGIN_UNAVAILABLE: 'Sign-in is not available at the moment, please try again later',
  CROSS_SITE_REQUEST: 'Requests from other sites are refused',
};

export function isLoginErrorCode(value: unknown): value is LoginErrorCode {
  return typeof value === 'string' && Object.hasOwn(zhLoginErrorMessages, value);
}
