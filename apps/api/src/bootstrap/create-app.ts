import { answerUnparsableRequests, quietNestStartup } from '@aipm/config';
import { httpMetrics } from '@aipm/metrics';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { Registry } from 'prom-client';
import { AppModule } from './app.module';
import { apiValidationPipe } from '../common/errors/api-validation-pipe';
import { ApiExceptionFilter, errorBody } from '../common/errors/api-exception.filter';
import { buildOpenApiDocument } from '../common/openapi/openapi-document';
import type { ApiEnv } from '../config/api-env';
import { METRICS_REGISTRY } from '../metrics/metrics.module';
import { useJsonBody } from './json-body';

export const API_PREFIX = 'api';
const OPENAPI_PATH = `${API_PREFIX}/docs`;

/** Builds the configured application; main.ts listens on it, e2e tests drive it with supertest. */
export async function createApp(env: ApiEnv): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), { bufferLogs: true });
  app.useLogger(quietNestStartup(app.get(Logger)));
  answerUnparsableRequests(app.getHttpServer(), (status) => errorBody(status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_FAILED' : 'BAD_REQUEST'));
  app.disable('x-powered-by');
  // Behind the web front door (one hop): trust its X-Forwarded-* for client IPs and the protocol.
  app.set('trust proxy', 'loopback');
  // Every answer counted and timed by its route's pattern (docs/product/operations.md#metrics).
  app.use(httpMetrics(app.get<Registry>(METRICS_REGISTRY), routePatternOf));
  app.use(helmet());
  useJsonBody(app);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(apiValidationPipe());
  // Every failure answers { success: false, code, message } (docs/product/errors.md#error-envelope, ADR 013).
  app.useGlobalFilters(new ApiExceptionFilter());
  setUpOpenApi(app);
  return app;
}

/**
 * The pattern Express matched (`/api/admin/students/:id`); `unmatched` for a request no route took (a 404), which the
 * catch-all (`/api*path`) or nothing answers.
 */
function routePatternOf(request: Request): string {
  const route = (request as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' && !route.path.includes('*') ? `${request.baseUrl ?? ''}${route.path}` : 'unmatched';
}

function setUpOpenApi(app: INestApplication): void {
  let document: OpenAPIObject | undefined;
  // Built once, at the first read of either address.
  const documentOf = () => (document ??= buildOpenApiDocument(app));
  SwaggerModule.setup(OPENAPI_PATH, app, documentOf, {
    jsonDocumentUrl: `${OPENAPI_PATH}/openapi.json`,
  });
  // Also where Nest's own tools and guides look for it (the README names both).
  app.getHttpAdapter().get(`/${OPENAPI_PATH}-json`, (_request: Request, response: Response) => {
    response.json(documentOf());
  });
}
