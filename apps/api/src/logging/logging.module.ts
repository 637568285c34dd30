import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { API_ENV, type ApiEnv } from '../config/api-env';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * Keeps the request id the front door assigned (so one id follows a request across web and api),
 * or makes one, and echoes it on the response.
 */
export function requestIdFor(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Credentials and personal data that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
];

import { failedRequestLog, failedRequestMessage } from './failed-request-log';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [API_ENV],
      useFactory: (env: ApiEnv) => ({
        pinoHttp: {
          level: env.LOG_LEVEL,
          base: { app: 'api' },
          genReqId: requestIdFor,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          // One short line per request: who asked for what and the answer's status. Headers stay out
          // (cookies, tokens and 20 security headers per line buried the useful part).
          serializers: {
            req: (request: { id: string; method: string; url: string; remoteAddress?: string }) => ({
              id: request.id,
              method: request.method,
              url: request.url,
              remoteAddress: request.remoteAddress,
            }),
            res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
          },
          customLogLevel: (_request, response, error) =>
            error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
          customErrorObject: (_request, _response, error, logged: Record<string, unknown>) => failedRequestLog(error, logged),
          customErrorMessage: (_request, response, error) => failedRequestMessage(error, response.statusCode),
          // Health probes run every few seconds; logging each one would drown the real traffic.
          autoLogging: { ignore: (request) => request.url === '/api/health' },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
