import { validateEnv, WebEnv, type RawEnv } from '@aipm/config';

/** The front door's settings, checked before anything starts (every bad variable in one message). */
export interface FrontDoorSettings {
  port: number;
  host: string;
  /** The internal address of GET /metrics (docs/product/operations.md#metrics), apart from the front door's. */
  metrics: { port: number; host: string };
  /** Where /api/** is forwarded, without a trailing slash. */
  apiUrl: string;
  logLevel: WebEnv['LOG_LEVEL'];
  /** false only with NODE_ENV=development, which serves the Remix app through Vite instead of the build. */
  production: boolean;
  trustProxy?: string;
  siteUrl?: string;
  publicHosts?: string;
  /** The S3 store the /storage proxy forwards to (ADR 019) and whose signatures it checks (ADR 036), when S3_ENDPOINT is set. */
  storage?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
}

/** @throws EnvValidationError naming every invalid variable */
export function loadWebEnv(env: RawEnv = process.env): FrontDoorSettings {
  const valid = validateEnv('web', WebEnv, env);
  return {
    port: valid.PORT,
    host: valid.HOST,
    metrics: { port: valid.METRICS_PORT, host: valid.METRICS_HOST },
    // Without API_URL, the API is the one on this machine (tools/start.mjs sets both).
    apiUrl: (valid.API_URL ?? `http://127.0.0.1:${valid.API_PORT}`).replace(/\/+$/, ''),
    logLevel: valid.LOG_LEVEL,
    production: valid.NODE_ENV !== 'development',
    trustProxy: valid.TRUST_PROXY,
    siteUrl: valid.SITE_URL,
    publicHosts: valid.PUBLIC_HOSTS,
    ...(valid.S3_ENDPOINT
      ? {
          storage: {
            endpoint: valid.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: valid.S3_BUCKET,
            accessKey: valid.S3_ACCESS_KEY!,
            secretKey: valid.S3_SECRET_KEY!,
            region: valid.S3_REGION,
          },
        }
      : {}),
  };
}
