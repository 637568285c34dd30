/*
 * A database that is not there for now (restarting, shutting down, refusing connections) is an outage to wait
 * out, not a bug: the client is told 503 DATABASE_UNAVAILABLE with Retry-After (ADR 038).
 */

/** SQLSTATEs of a server that is not there: class 08 (connection), 57P01–57P03 (shutdown, crash, starting up), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** The socket errors of a connection that could not be made or was lost. */
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own words for a connection it lost or could not make; these errors carry no code. */
const PG_CONNECTION_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established/i;

/** Whether `error` (or what it wraps: TypeORM's driverError, a cause, an AggregateError's errors) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  // Not `instanceof Error`: the socket's errors come from Node's own realm, which a test runner's is not.
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, driverError, cause, errors } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message)) return true;
  return [driverError, cause, ...(Array.isArray(errors) ? errors : [])].some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
