import { adminApi } from './adminApi';

type Verify = ReturnType<typeof adminApi.verify>;
type Session = ReturnType<typeof adminApi.session>;

let early: { verify?: Verify; session?: Session } = {};

/**
 * The session check and the identity, asked while react-admin's chunk downloads rather than after it ran
 * (firstScreen.ts, ADR 040). The same two calls in the same order as react-admin's (checkAuth, then
 * getIdentity once signed in); the auth provider takes each answer once instead of asking again.
 */
export function startSessionCheck(): void {
  const verify = adminApi.verify();
  const session = verify.then((answer) => (answer.success ? adminApi.session() : Promise.reject(new Error('not signed in'))));
  early = { verify, session };
  // Read by the auth provider, which handles a failure; until then a rejection is not an unhandled one.
  verify.catch(() => undefined);
  // Without a session there is no early identity: after signing in on this page, the identity is the API's.
  session.catch(() => {
    if (early.session === session) early.session = undefined;
  });
}

/** The early answer to `call`, once: later checks (react-admin checks again on each screen) ask the API. */
export function takeEarlyAnswer<K extends keyof typeof early>(call: K): (typeof early)[K] {
  const answer = early[call];
  early[call] = undefined;
  return answer;
}
