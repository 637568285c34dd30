import { type ErrorCode, ERROR_MESSAGES } from '@aipm/contracts';

export { errorKey } from './error-key';

/*
 * The API's error codes in the back office's languages, under `aipm.errors.<CODE>`: the screens translate a
 * failure by its code, never by the server's text (docs/product/errors.md#how-clients-show-failures). zh is the
 * contracts' catalog itself; en (en-error-messages.ts) must name every code (the Record types refuse a missing or
 * unknown one). The whole catalog reaches only the react-admin chunk (i18nProvider.ts), its English only the English
 * chunk (english.ts); the login page carries the common and auth codes alone (login-error-messages.ts), so a new
 * feature's codes never weigh on /admin/login.
 */
export const zhErrorMessages: Record<ErrorCode, string> = ERROR_MESSAGES;
