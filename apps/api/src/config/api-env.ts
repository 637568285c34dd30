import { ApiEnv, validateEnv, type RawEnv } from '@aipm/config';

/** Injection token for the validated environment; inject it instead of reading process.env. */
export const API_ENV = Symbol('API_ENV');

export function loadApiEnv(env: RawEnv = process.env): ApiEnv {
  return validateEnv('api', ApiEnv, env);
}

export { ApiEnv };
