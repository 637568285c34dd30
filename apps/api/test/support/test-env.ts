import { loadApiEnv, type ApiEnv } from '../../src/config/api-env';

/** The services npm test started (tools/with-services.mjs), with per-suite overrides. */
export function testApiEnv(overrides: Record<string, string> = {}): ApiEnv {
  return loadApiEnv({ SESSION_SECRET: 'test-session-secret-that-is-long-enough', LOG_LEVEL: 'warn', ...process.env, ...overrides });
}
