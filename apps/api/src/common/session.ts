/** The one session cookie of the origin (site and back office share it; only the back office signs in). */
export const SESSION_COOKIE_NAME = 'aipm.sid';

/** What passport keeps on the request for a signed-in administrator (see auth/session.serializer.ts). */
export interface SessionUser {
  id: string;
  email: string;
  mustChangePassword: boolean;
}
