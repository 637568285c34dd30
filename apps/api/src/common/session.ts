export { SESSION_COOKIE_NAME } from '@aipm/contracts';

/** What passport keeps on the request for a signed-in administrator (see auth/session.serializer.ts). */
export interface SessionUser {
  id: string;
  email: string;
  mustChangePassword: boolean;
}
