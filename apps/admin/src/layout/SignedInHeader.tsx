import { useGetIdentity } from 'react-admin';
import { AdminAppBar } from './AdminAppBar';

/**
 * The back office's header (AdminAppBar), rendered beside react-admin's routes rather than inside its layout, once
 * the identity its welcome line names has arrived (AdminApp.tsx). It is the same element from then on: the session
 * check's "verifying…" screen, the layout and every screen appear below it. Inside the layout it was rendered anew
 * when the layout replaced that screen, so the page's largest text, the welcome line, painted only after react-admin
 * had rendered the whole layout (ADR 082). Without a session there is no identity and no header: react-admin goes to
 * the login page.
 */
export function SignedInHeader() {
  const { identity } = useGetIdentity();
  return identity ? <AdminAppBar /> : null;
}

/** The layout's own app bar: none, since SignedInHeader stands above react-admin's routes. */
export function NoLayoutAppBar() {
  return null;
}
