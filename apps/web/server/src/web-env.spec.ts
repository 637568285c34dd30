import { EnvValidationError } from '@aipm/config';

import { loadWebEnv } from './web-env';

function problemsOf(env: Record<string, string>): Record<string, string[]> {
  try {
    loadWebEnv(env);
  } catch (error) {
    if (error instanceof EnvValidationError) return Object.fromEntries(error.problems.map((p) => [p.variable, p.reasons]));
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}

describe(loadWebEnv.name, () => {
  it('applies the defaults when nothing is set', () => {
    expect(loadWebEnv({})).toEqual({ port: 3000, host: '0.0.0.0', metrics: { port: 9466, host: '127.0.0.1' }, apiUrl: 'http://127.0.0.1:3001', logLevel: 'info', production: true });
  });

  it('derives the API address from API_PORT when API_URL is unset', () => {
    expect(loadWebEnv({ API_PORT: '3101' }).apiUrl).toBe('http://127.0.0.1:3101');
  });

  it('reads every variable and trims a trailing slash from API_URL', () => {
    const env = loadWebEnv({ PORT: '3105', HOST: '127.0.0.1', METRICS_PORT: '9500', METRICS_HOST: '10.0.0.5', API_URL: 'https://api.internal:8443/', LOG_LEVEL: 'warn', NODE_ENV: 'development' });
    expect(env).toEqual({ port: 3105, host: '127.0.0.1', metrics: { port: 9500, host: '10.0.0.5' }, apiUrl: 'https://api.internal:8443', logLevel: 'warn', production: false });
  });

  it("serves /storage only with the store's credentials, which check every URL's signature", () => {
    expect(loadWebEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' }).storage).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'aipm',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
    });
    expect(Object.keys(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' }))).toEqual(['S3_ACCESS_KEY', 'S3_SECRET_KEY']);
  });

  it('treats empty values as unset, as in a .env file', () => {
    expect(loadWebEnv({ PORT: '', API_URL: '', SITE_URL: '' })).toMatchObject({ port: 3000, apiUrl: 'http://127.0.0.1:3001' });
  });

  it('serves the build unless NODE_ENV is development', () => {
    expect(loadWebEnv({ NODE_ENV: 'test' }).production).toBe(true);
    expect(loadWebEnv({ NODE_ENV: 'production' }).production).toBe(true);
  });

  it.each(['0', '65536', '3000.5', '-1', 'abc', '80a'])('rejects PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual({ PORT: ['must be a port number (1-65535)'] });
  });

  it.each(['not a url', 'ftp://example.com', 'localhost:3001', 'http://'])('rejects API_URL=%s', (apiUrl) => {
    expect(problemsOf({ API_URL: apiUrl })).toEqual({ API_URL: ['must be an http(s):// URL of the API, such as http://127.0.0.1:3001'] });
  });

  it('accepts an https SITE_URL and SITE_SOCIAL_URL and rejects addresses that are not http(s)', () => {
    expect(() => loadWebEnv({ SITE_URL: 'https://www.example.cn', SITE_SOCIAL_URL: 'https://weibo.com/x' })).not.toThrow();
    expect(Object.keys(problemsOf({ SITE_URL: 'www.example.cn', SITE_SOCIAL_URL: 'weibo.com/x' })).sort()).toEqual(['SITE_SOCIAL_URL', 'SITE_URL']);
  });

  it('reads TRUST_PROXY and PUBLIC_HOSTS, and rejects what Express or a Host header could not mean', () => {
    expect(loadWebEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8', PUBLIC_HOSTS: 'www.example.cn,example.cn' })).toMatchObject({
      trustProxy: 'loopback, 10.0.0.0/8',
      publicHosts: 'www.example.cn,example.cn',
    });
    expect(Object.keys(problemsOf({ TRUST_PROXY: 'nginx', PUBLIC_HOSTS: 'https://www.example.cn' })).sort()).toEqual(['PUBLIC_HOSTS', 'TRUST_PROXY']);
  });

  it('names every invalid variable in one message', () => {
    let error: unknown;
    try {
      loadWebEnv({ PORT: '70000', API_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvValidationError);
    const { message, problems } = error as EnvValidationError;
    expect(problems.map((p) => p.variable)).toEqual(['PORT', 'API_URL', 'LOG_LEVEL']);
    expect(message).toMatch(/^web: invalid environment \(3 variables\):\n {2}- PORT: /);
    expect(message).toContain('- LOG_LEVEL: must be one of trace, debug, info, warn, error, fatal, silent');
  });

  it('checks API_PORT only when it makes the default API_URL', () => {
    expect(problemsOf({ API_PORT: 'x' })).toHaveProperty('API_PORT');
    expect(loadWebEnv({ API_PORT: 'x', API_URL: 'http://127.0.0.1:3001' }).apiUrl).toBe('http://127.0.0.1:3001');
  });
});
