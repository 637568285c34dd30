/**
 * The one session cookie of the origin (site and back office share it; only the back office signs in): set by the
 * API, and read by the front door only to know which page of the back office to send (apps/web/server).
 */
export const SESSION_COOKIE_NAME = 'aipm.sid';
