import type { IncomingMessage } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../common/errors/api-exception.filter';
import { unsafeInputCode } from '../common/input/unsafe-input';

/** The largest JSON body any call takes: the forms are a few hundred bytes, the admin's edits about as small. */
const JSON_BODY_LIMIT = '32kb';
/**
 * The landing page's content is the one larger body (ADR 074): both languages of every block, about 18 KB as built and
 * up to its declared limits. Only its admin routes take more (a stranger's body is still parsed, then refused by the
 * administrator guard: at most 256 KB of work per request).
 */
const LANDING_CONTENT_BODY = { prefix: '/api/admin/landing-content/', limit: '256kb' };

const isJson = (request: IncomingMessage) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');

/**
 * JSON bodies up to JSON_BODY_LIMIT. The parser runs before Nest's router, so its failures (413 too large,
 * 400 malformed) are answered here in the API's envelope instead of Express's HTML page.
 */
export function useJsonBody(app: NestExpressApplication): void {
  // First: a body it parses is left alone by the general parser.
  app.useBodyParser('json', { limit: LANDING_CONTENT_BODY.limit, type: (request: IncomingMessage) => isJson(request) && ((request as Request).originalUrl ?? request.url ?? '').startsWith(LANDING_CONTENT_BODY.prefix) });
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    if (status === 413) return void response.status(413).json(errorBody('BODY_TOO_LARGE'));
    if (status === 400) return void response.status(400).json(errorBody('BAD_REQUEST'));
    next(error);
  });
  // Before any validator or service sees them: a NUL reached PostgreSQL (500), a lone surrogate threw in
  // the email validator (500), a body nested 10,000 deep overflowed class-transformer's stack (500).
  app.use((request: Request, response: Response, next: NextFunction) => {
    const code = unsafeInputCode(request.body) ?? unsafeInputCode(request.query);
    if (code) return void response.status(400).json(errorBody(code));
    next();
  });
}
