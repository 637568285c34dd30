import { ApiEnv, ServicesEnv, validateEnv, WebEnv, WorkerEnv } from '@aipm/config';
import { UPLOAD_LIMITS } from '@aipm/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { projectNodeVersion } from './lib/runtime.mjs';

/*
 * There is no Docker engine on the build machines, so this keeps docker-compose.yml honest instead:
 * it parses, uses the official images with volumes and health checks, builds our apps from real
 * Dockerfile targets, and gives each app an environment its own boot validation accepts.
 */
const root = path.resolve(__dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const documented = new Set(
  readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name)),
);

type Environment = Record<string, string | number>;

/** Compose's `${NAME:-default}` / `${NAME:?error}` interpolation, as if the shell set nothing but SESSION_SECRET. */
function interpolate(value: string | number): string {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, fallback?: string) =>
    name === 'SESSION_SECRET' ? 's'.repeat(32) : kind === '-' ? (fallback ?? '') : '',
  );
}

function environmentOf(service: string): Record<string, string> {
  const environment = (compose.services[service].environment ?? {}) as Environment;
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value)]));
}

/**
 * Why an image reference is not pinned, or undefined when it is: it must name a release of at least major and
 * minor version (`postgres:15.18`), or a digest. No tag means `latest`, and `latest` or a major alone (`redis:7`)
 * moves under the file: `minio/minio:latest` stopped existing and `docker compose up` with it (ADR 050).
 */
function unpinned(image: string): string | undefined {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  if (tag === undefined) return `${image}: no tag, so whatever "latest" is that day`;
  if (!/^v?\d+\.\d+/.test(tag)) return `${image}: "${tag}" names no release (a major version at most)`;
  return undefined;
}

/** The images of a compose file's services and of a Dockerfile's FROM lines (stages named in the file excluded). */
function imagesOf(composeFile: { services: Record<string, { image?: string }> }, dockerfileText: string): string[] {
  const stages = new Set([...dockerfileText.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]));
  const fromLines = [...dockerfileText.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]).filter((image) => !stages.has(image));
  return [...Object.values(composeFile.services).flatMap((service) => (service.image ? [service.image] : [])), ...fromLines];
}

describe(unpinned.name, () => {
  it.each([
    ['minio/minio:latest', /names no release/],
    ['minio/minio', /no tag/],
    ['redis:7', /"7" names no release/],
    ['node:22-bookworm-slim', /names no release/],
    ['postgres:alpine', /names no release/],
  ])('refuses %s', (image, reason) => {
    expect(unpinned(image)).toMatch(reason);
  });

  it.each(['postgres:15.18', 'redis:7.4.11', 'chrislusf/seaweedfs:4.47', 'node:22.23.3-bookworm-slim', 'localhost:5000/app:1.2', `redis@sha256:${'a'.repeat(64)}`])('accepts %s', (image) => {
    expect(unpinned(image)).toBeUndefined();
  });
});

describe('docker-compose.yml', () => {
  it.each([
    ['postgres', /^postgres:/],
    ['redis', /^redis:/],
    ['s3', /^chrislusf\/seaweedfs:/],
  ])('runs %s from its official image with a volume and a health check', (name, image) => {
    const service = compose.services[name];
    expect(service.image).toMatch(image);
    expect(service.volumes?.length).toBeGreaterThan(0);
    expect(service.healthcheck?.test).toBeDefined();
  });

  it('pins every image it and the Dockerfile pull to a release', () => {
    const images = imagesOf(compose, dockerfile);
    expect(images.length).toBe(6);
    expect(images.map(unpinned).filter(Boolean)).toEqual([]);
  });

  it('builds the apps on the Node that npm start and npm test run on (package.json)', () => {
    const runtime = projectNodeVersion();
    const nodeImages = imagesOf({ services: {} }, dockerfile);
    expect(nodeImages).toEqual([`node:${runtime}-bookworm-slim`, `node:${runtime}-bookworm-slim`]);
  });

  it("gives the S3 server the apps' key pair as its administrator identity", () => {
    const s3 = environmentOf('s3');
    const api = environmentOf('api');
    expect({ key: s3.AWS_ACCESS_KEY_ID, secret: s3.AWS_SECRET_ACCESS_KEY }).toEqual({ key: api.S3_ACCESS_KEY, secret: api.S3_SECRET_KEY });
    expect(api.S3_ENDPOINT).toBe(`http://s3:${/-s3\.port=(\d+)/.exec(compose.services.s3.command.join(' '))?.[1]}`);
  });

  it.each(['api', 'worker', 'web'])('builds %s from a target of the Dockerfile', (name) => {
    const target = compose.services[name].build.target as string;
    expect(dockerfile).toMatch(new RegExp(`^FROM .+ AS ${target}$`, 'm'));
  });

  it('documents in .env.example every variable it sets or reads', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const interpolated = [...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]);
    const appVariables = ['api', 'worker', 'web'].flatMap((name) => Object.keys(environmentOf(name)));
    const undocumented = [...new Set([...interpolated, ...appVariables])].filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });

  it('gives the api an environment that passes its boot validation', () => {
    expect(() => validateEnv('api', ApiEnv, environmentOf('api'))).not.toThrow();
  });

  it('gives the worker its services and a Chromium path', () => {
    const worker = environmentOf('worker');
    expect(() => validateEnv('worker', ServicesEnv, worker)).not.toThrow();
    expect(worker.CHROMIUM_PATH).toBe('/usr/bin/chromium');
  });

  it('gives the worker its backup settings, a volume for the archives and pg_dump of the PostgreSQL it backs up', () => {
    const worker = environmentOf('worker');
    expect(() => validateEnv('worker', WorkerEnv, { ...worker, CHROMIUM_PATH: process.execPath })).not.toThrow();
    expect(worker).toMatchObject({ BACKUP_TARGET: '/backups', BACKUP_KEEP: '14', BACKUP_SCHEDULE: '0 3 * * *' });
    expect(compose.services.worker.volumes).toContain('backups:/backups');
    const postgresMajor = /^postgres:(\d+)\./.exec(compose.services.postgres.image)?.[1];
    expect(dockerfile).toContain(`postgresql-client-${postgresMajor}`);
    expect(dockerfile).toContain(`PG_BIN_DIR=/usr/lib/postgresql/${postgresMajor}/bin`);
  });

  it("copies every workspace's package.json before the install, so each one's dependencies are installed", () => {
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory() && existsSync(path.join(root, pattern.slice(0, -2), entry.name, 'package.json')))
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    );
    const copied = new Set([...dockerfile.matchAll(/^COPY (\S+)\/package\.json /gm)].map((match) => match[1]));
    expect(workspaces.filter((workspace) => !copied.has(workspace))).toEqual([]);
  });

  it('gives the web front door an environment that passes its boot validation', () => {
    expect(() => validateEnv('web', WebEnv, environmentOf('web'))).not.toThrow();
  });

  it('points the web front door at the api service', () => {
    expect(environmentOf('web').API_URL).toBe('http://api:3001');
  });

  describe('with N of each app (docker compose up --scale api=2 --scale worker=2 --scale web=2, ADR 058)', () => {
    const nginxConfig = readFileSync(path.join(root, 'ops/nginx/aipm.conf'), 'utf8');

    it.each(['api', 'worker', 'web'])('lets %s scale: no fixed host port, no container name', (name) => {
      const service = compose.services[name];
      expect(service.ports).toBeUndefined();
      expect(service.container_name).toBeUndefined();
    });

    it('publishes PORT from a pinned load balancer in front of every web replica, once web is healthy', () => {
      const lb = compose.services.lb;
      expect(lb.image).toMatch(/^nginx:/);
      expect(lb.ports).toEqual(['${PORT:-3000}:3000']);
      expect(lb.depends_on).toEqual({ web: { condition: 'service_healthy' } });
      const [source, target] = (lb.volumes as string[])[0]!.split(':');
      expect(target).toBe('/etc/nginx/conf.d/default.conf');
      expect(existsSync(path.join(root, source!))).toBe(true);
      expect(nginxConfig).toMatch(/^\s*listen 3000;$/m);
    });

    it('reaches replicas added later and passes event streams unbuffered, longer than the front door waits', () => {
      // Docker's DNS, asked again while running: `--scale web=3` later needs no reload.
      expect(nginxConfig).toMatch(/^resolver 127\.0\.0\.11 valid=\d+s/m);
      expect(nginxConfig).toMatch(/^\s*server web:3000 resolve;$/m);
      expect(nginxConfig).toMatch(/^\s*proxy_buffering off;$/m);
      const readTimeout = Number(/proxy_read_timeout (\d+)s;/.exec(nginxConfig)?.[1]);
      expect(readTimeout).toBeGreaterThan(120);
    });

    it("gives web the visitor's address from the load balancer, which web believes, so limits count visitors", () => {
      expect(nginxConfig).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
      expect(nginxConfig).toMatch(/^\s*proxy_set_header Host \$http_host;$/m);
      expect(environmentOf('web').TRUST_PROXY).toBe('uniquelocal');
      expect(() => validateEnv('web', WebEnv, environmentOf('web'))).not.toThrow();
    });

    it('takes the largest upload through the load balancer', () => {
      const limitMb = Number(/client_max_body_size (\d+)m;/.exec(nginxConfig)?.[1]);
      expect(limitMb).toBeGreaterThanOrEqual(UPLOAD_LIMITS.contractFileMb);
    });

    it('has Prometheus scrape every replica of each app (DNS discovery, not one fixed target per app)', () => {
      const prometheus = parse(readFileSync(path.join(root, 'ops/prometheus/prometheus.yml'), 'utf8')) as {
        scrape_configs: Array<{ static_configs?: unknown; dns_sd_configs?: Array<{ names: string[]; type: string; port: number }> }>;
      };
      const [job] = prometheus.scrape_configs;
      expect(job?.static_configs).toBeUndefined();
      expect(job?.dns_sd_configs).toEqual([expect.objectContaining({ names: ['api', 'worker', 'web'], type: 'A', port: Number(environmentOf('api').METRICS_PORT) })]);
    });
  });

  it('passes the operator settings of .env through to the apps', () => {
    expect(Object.keys(environmentOf('api'))).toEqual(
      expect.arrayContaining(['API_PROCESSES', 'ADMIN_EMAIL', 'ADMIN_INITIAL_PASSWORD', 'SESSION_IDLE_HOURS', 'FORM_RATE_LIMIT_PER_MINUTE', 'SITE_URL', 'WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_API_BASE', 'WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE']),
    );
    expect(Object.keys(environmentOf('worker'))).toEqual(expect.arrayContaining(['CRAWL_CONCURRENCY', 'CRAWL_LOCK_DURATION_MS']));
    const siteVariables = [...documented].filter((name) => name.startsWith('SITE_'));
    expect(siteVariables.length).toBeGreaterThan(0);
    expect(Object.keys(environmentOf('web'))).toEqual(expect.arrayContaining(siteVariables));
  });

  it('passes the same database and storage settings to the api and the worker', () => {
    const api = environmentOf('api');
    const worker = environmentOf('worker');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET']) expect(worker[name]).toBe(api[name]);
  });

  it("gives the web front door the store's credentials, which check the signature of every /storage URL", () => {
    const api = environmentOf('api');
    const web = environmentOf('web');
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION']) expect(web[name]).toBe(api[name]);
  });
});
