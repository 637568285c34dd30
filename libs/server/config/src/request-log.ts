import { randomUUID } from 'node:crypto';

/*
 * What the api and the web front door log about an HTTP request, decided once: the request id that
 * follows a request across both, the one-line request and response fields, and what is never logged.
 */

/** Set by the front door, forwarded to the API and echoed on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Incoming ids are reused only when they are short and log-safe. */
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/** The incoming request id when it is well formed, otherwise a fresh UUID. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** Credentials and personal data that must never reach a log line (pino `redact` paths). */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
];

export const REDACTION_CENSOR = '[redacted]';

/**
 * Query values that grant access on their own: a presigned storage URL's signature and credential (ADR 036),
 * and any token or signature a link may carry. Their names stay, so a line still shows what was asked.
 */
const SECRET_QUERY_VALUE = /([?&](?:X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|signature|sig|token|access_token)=)[^&#]*/gi;

/** The URL as a log line may show it: secret query values replaced by the censor. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY_VALUE, `$1${REDACTION_CENSOR}`);
}

/**
 * pino-http serializers for one short line per request: who asked for what and the answer's status.
 * Headers stay out (cookies, tokens and twenty security headers per line buried the useful part).
 */
export const requestLogSerializers = {
  req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
    id: request.id,
    method: request.method,
    url: loggableUrl(request.url),
    remoteAddress: request.remoteAddress,
  }),
  res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
};

/**
 * A request whose answer never ended and did not fail: the client went away first (a tab closed, a download
 * cancelled, an event stream left). Normal traffic, so both apps log it at debug; a failure of ours logs its own line.
 */
export function leftByTheClient(response: { writableEnded: boolean; statusCode: number }, error: unknown): boolean {
  return !error && !response.writableEnded && response.statusCode < 500;
}
