import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { IsExecutableFile } from './is-executable-file.validator';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
const URL_WITH_SCHEME = (schemes: string) => new RegExp(`^(${schemes})://[^\\s/]+`);

export class DatabaseEnv {
  @Matches(URL_WITH_SCHEME('postgres|postgresql'), { message: 'must be a postgres:// URL' })
  DATABASE_URL!: string;
}

/** What every server process shares: database, cache/queue, object storage and logging. */
export class ServicesEnv extends DatabaseEnv {
  @Matches(URL_WITH_SCHEME('redis|rediss'), { message: 'must be a redis:// URL' })
  REDIS_URL!: string;

  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL of the S3-compatible server' })
  S3_ENDPOINT!: string;

  @IsString()
  @IsNotEmpty()
  S3_ACCESS_KEY!: string;

  @IsString()
  @IsNotEmpty()
  S3_SECRET_KEY!: string;

  // S3 bucket naming rules: 3-63 lowercase letters, digits, dots and dashes.
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid bucket name (3-63 lowercase letters, digits, dots, dashes)' })
  S3_BUCKET!: string;

  @IsString()
  @IsOptional()
  S3_REGION: string = 'us-east-1';

  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';
}

export class ApiEnv extends ServicesEnv {
  @Type(() => Number)
  @IsInt({ message: 'must be a port number' })
  @Min(1, { message: 'must be a port number (1-65535)' })
  @Max(65535, { message: 'must be a port number (1-65535)' })
  API_PORT: number = 3001;

  // Loopback by default: the API is reached through the web front door, not directly.
  @IsString()
  API_HOST: string = '127.0.0.1';

  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  SESSION_SECRET!: string;
}

export class WorkerEnv extends ServicesEnv {
  @IsExecutableFile({ message: 'must be the path of an executable Chromium (Debian: /usr/bin/chromium)' })
  CHROMIUM_PATH!: string;
}
