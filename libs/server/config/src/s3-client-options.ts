import type { ServicesEnv } from './env-schemas';

/** The `minio` Client options for the storage named by the environment (shared by the api and the worker). */
export function s3ClientOptions(env: Pick<ServicesEnv, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION'>) {
  const endpoint = new URL(env.S3_ENDPOINT);
  return {
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: endpoint.protocol === 'https:',
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION,
    // s3rver and compose's SeaweedFS behind one host name: bucket in the path, not in a subdomain.
    pathStyle: true,
  };
}
