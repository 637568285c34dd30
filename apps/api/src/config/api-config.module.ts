import { type DynamicModule, Global, Module } from '@nestjs/common';
import { API_ENV, type ApiEnv } from './api-env';

/** Makes the environment validated at boot injectable everywhere as API_ENV. */
@Global()
@Module({})
export class ApiConfigModule {
  static forRoot(env: ApiEnv): DynamicModule {
    return { module: ApiConfigModule, providers: [{ provide: API_ENV, useValue: env }], exports: [API_ENV] };
  }
}
