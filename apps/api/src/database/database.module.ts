import { createDataSourceOptions } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { API_ENV, type ApiEnv } from '../config/api-env';

/** The API's connection pool. Migrations run before the app is built (see bootstrap), never here. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [API_ENV],
      useFactory: (env: ApiEnv) => ({
        ...createDataSourceOptions(env.DATABASE_URL),
        // Fail the boot quickly instead of retrying for minutes when the database is unreachable.
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
})
export class DatabaseModule {}
