/*
 * First-time mode (docs/product/back-office.md#first-time-password): the password the administrator has
 * just signed in with is the initial one, so the set-password dialog can fill it in. Kept in this module's
 * memory only (never in storage), taken once, and gone on reload, when the administrator types it again.
 */
let signInPassword: string | null = null;

export function rememberSignInPassword(password: string): void {
  signInPassword = password;
}

/** The password of this page's sign-in, once; null after that or after a reload. */
export function takeSignInPassword(): string | null {
  const password = signInPassword;
  signInPassword = null;
  return password;
}
