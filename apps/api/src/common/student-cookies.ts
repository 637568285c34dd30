/*
 * The student realm's cookie names (ADR 061), apart from the session code so that tools/cookie-policy.spec.ts can
 * hold the public cookie policy to them without loading Express's session types.
 */

/** The student session: its own cookie, never the administrator's `aipm.sid`. */
export const STUDENT_SESSION_COOKIE_NAME = 'aipm.student';
/** The student realm's device cookie (ADR 037's, keyed apart): sent with the student sign-in only. */
export const STUDENT_DEVICE_COOKIE_NAME = 'aipm.student-device';
