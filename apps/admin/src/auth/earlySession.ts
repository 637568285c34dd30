import { adminApi } from './adminApi';

type Verify = ReturnType<typeof adminApi.verify>;
type Session = ReturnType<typeof adminApi.session>;

let early: { verify?: Verify; session?: Session } = {};
/** The early identity once it has arrived, until someone takes it. */
let arrived: { session: Session; answer: Awaited<Session> } | undefined;

/**
 * The session check and the identity, asked while react-admin's chunk downloads rather than after it ran
 * (ADR 040). One call answers both: GET /api/admin/session needs the administrator's session as /verify does (401
 * without one), so the check's answer is the identity's, a round trip sooner than asking one after the other
 * (ADR 082). The auth provider takes each answer once instead of asking again (react-admin checks again on each
 * screen, with /verify).
 */
export function startSessionCheck(): void {
  const session = adminApi.session();
  // A failure is the check's failure, as /verify's would be: the same AdminApiError with the same status.
  const verify: Verify = session.then(() => ({ success: true }));
  early = { verify, session };
  arrived = undefined;
  session.then(
    (answer) => {
      if (early.session === session) arrived = { session, answer };
    },
    () => undefined,
  );
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
  if (call === 'session') arrived = undefined;
  return answer;
}

/**
 * Hands the early identity to `take` as soon as it arrives (at once if it already has), taking it as
 * takeEarlyAnswer('session') does; never if the call fails or someone takes the answer first.
 */
export function takeSessionOnArrival(take: (answer: Awaited<Session>) => void): void {
  const pending = early.session;
  if (!pending) return;
  const hand = (answer: Awaited<Session>) => {
    if (early.session !== pending) return;
    takeEarlyAnswer('session');
    take(answer);
  };
  if (arrived?.session === pending) hand(arrived.answer);
  else pending.then(hand, () => undefined);
}
