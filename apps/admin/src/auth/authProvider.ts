import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { AdminApiError, adminApi } from './adminApi';
import { takeEarlyAnswer, takeSessionOnArrival } from './earlySession';

export interface AdminIdentity extends UserIdentity {
  email: string;
  /** First-time mode: the dashboard opens the set-password dialog until this is false. */
  mustChangePassword: boolean;
}

/**
 * react-admin over the sign-in calls (docs/product/back-office.md#sign-in-page). The login screen drives sign-in and
 * sign-up itself (two modes, its own toasts), so `login` is only the plain email + password path.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await adminApi.login(email, password);
  },
  /**
   * Only clears the page: the logout button calls the API itself (it shows the toasts of
   * docs/product/back-office.md#logout), and react-admin signs out only after the API answered 401, so the session
   * that request carried has already ended. Calling the API here would end whichever session the browser holds by
   * now, a newer one when a sign-in (in another tab, say) rotated it while the 401 was on its way (ADR 007).
   */
  async logout() {},
  /**
   * Only a 401 means "not signed in". A rejection here makes react-admin sign out, which ends the session on
   * the server: a 503 while the database restarts (SESSION_UNAVAILABLE) or a network failure must not do that,
   * so the page stays and its own calls show the error until the API is back (ADR 014).
   */
  async checkAuth() {
    try {
      const answer = await (takeEarlyAnswer('verify') ?? adminApi.verify());
      if (!answer.success) throw new Error('not signed in');
    } catch (error) {
      if (error instanceof AdminApiError && error.status !== 401) return;
      throw error;
    }
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) throw error;
  },
  async getIdentity(): Promise<AdminIdentity> {
    return adminIdentity(await (takeEarlyAnswer('session') ?? adminApi.session()));
  },
};

function adminIdentity(session: Awaited<ReturnType<typeof adminApi.session>>): AdminIdentity {
  return { id: session.email, fullName: session.email, email: session.email, mustChangePassword: session.mustChangePassword };
}

/** Where react-admin's useGetIdentity() keeps the identity (ra-core's auth/useGetIdentity.js). */
export const IDENTITY_QUERY_KEY = ['auth', 'getIdentity'] as const;

/**
 * Puts the identity the early session check brings (earlySession.ts) where useGetIdentity() reads it, as soon as it
 * arrives, unless react-admin has asked for it first. The header (layout/SignedInHeader.tsx) then renders in
 * react-admin's very first frame, welcome line and all, instead of after a round of react-query's timers (ADR 082).
 * The back office's query client keeps it as fresh as an answer it asked for (data/queryClient.ts: nothing goes stale
 * on its own), and useGetIdentity's refetch() still asks the API.
 */
export function seedIdentityOnArrival(queryClient: QueryClient): void {
  takeSessionOnArrival((session) => queryClient.setQueryData(IDENTITY_QUERY_KEY, adminIdentity(session)));
}
