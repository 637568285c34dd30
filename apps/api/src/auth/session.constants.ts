/** connect-pg-simple's table, created by the initial migration (never by the store itself). */
export const SESSION_TABLE = 'session';
