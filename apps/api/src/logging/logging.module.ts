import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptRequestId, leftByTheClient, REDACTED_LOG_PATHS, REDACTION_CENSOR, REQUEST_ID_HEADER, requestLogSerializers } from '@aipm/config';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { failedRequestLog, failedRequestMessage } from './failed-request-log';

/**
 * Keeps the request id the front door assigned (so one id follows a request across web and api),
 * or makes one, and echoes it on the response.
 */
function requestIdFor(request: IncomingMessage, response: ServerResponse): string {
  const id = acceptRequestId(request.headers[REQUEST_ID_HEADER]);
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [API_ENV],
      useFactory: (env: ApiEnv) => ({
        pinoHttp: {
          level: env.LOG_LEVEL,
          base: { app: 'api' },
          genReqId: requestIdFor,
          redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTION_CENSOR },
          serializers: requestLogSerializers,
          customLogLevel: (_request, response, error) =>
            error || response.statusCode >= 500 ? 'error' : leftByTheClient(response, error) ? 'debug' : response.statusCode >= 400 ? 'warn' : 'info',
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
