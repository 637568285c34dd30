import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { ApiExceptionFilter } from '../common/filters/api-exception.filter';
import { ValidationFailedException } from '../common/validation/validation-failed.exception';
import type { ApiEnv } from '../config/api-env';
import { useJsonBody } from './json-body';

export const API_PREFIX = 'api';
export const OPENAPI_PATH = `${API_PREFIX}/docs`;

/** Builds the configured application; main.ts listens on it, e2e tests drive it with supertest. */
export async function createApp(env: ApiEnv): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // Behind the web front door (one hop): trust its X-Forwarded-* for client IPs and the protocol.
  app.set('trust proxy', 'loopback');
  app.use(helmet());
  useJsonBody(app);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // 400 { success: false, message: first rule's message, errors: { field: message } } for every route.
      exceptionFactory: (errors) => ValidationFailedException.fromValidationErrors(errors),
    }),
  );
  // Every failure answers { success: false, message } (spec §7).
  app.useGlobalFilters(new ApiExceptionFilter());
  setUpOpenApi(app);
  return app;
}

function setUpOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('AI PM Bootcamp API')
    .setDescription('Public forms and jobs, and the back office of the 35-day AI product-manager bootcamp.')
    .setVersion('1')
    .build();
  SwaggerModule.setup(OPENAPI_PATH, app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: `${OPENAPI_PATH}/openapi.json`,
  });
}
