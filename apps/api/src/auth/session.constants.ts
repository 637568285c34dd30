/** The one session cookie of the origin (site and back office share it; only the back office signs in). */
export const SESSION_COOKIE_NAME = 'aipm.sid';

/** connect-pg-simple's table, created by the initial migration (never by the store itself). */
export const SESSION_TABLE = 'session';
