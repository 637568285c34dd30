/*
 * A 5xx the API chose to send (503 without a worker, 504 after a bounded wait) carries no thrown error, so
 * pino-http makes one up whose stack points into its own code. The request line stays; that stack goes.
 * Errors the API did not expect keep theirs (and the exception filter logs them too).
 */

/** How pino-http words the error it makes up for a 5xx answered without one. */
const MADE_UP_ERROR_PREFIX = 'failed with status code ';

function isMadeUp(error: Error): boolean {
  return error.message.startsWith(MADE_UP_ERROR_PREFIX);
}

/** The fields of a failed request's log line. */
export function failedRequestLog(error: Error, logged: Record<string, unknown>): Record<string, unknown> {
  if (!isMadeUp(error)) return logged;
  const { err: _madeUp, ...rest } = logged;
  return rest;
}

/** The message of a failed request's log line. */
export function failedRequestMessage(error: Error, statusCode: number): string {
  return isMadeUp(error) ? `request answered ${statusCode}` : 'request errored';
}
