import { EnvError, readFrontDoorEnv } from './env.mjs';

describe('readFrontDoorEnv', () => {
  it('applies the defaults when nothing is set', () => {
    expect(readFrontDoorEnv({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      apiUrl: 'http://127.0.0.1:3001',
      logLevel: 'info',
      production: true,
    });
  });

  it('derives the API address from API_PORT when API_URL is unset', () => {
    expect(readFrontDoorEnv({ API_PORT: '3101' }).apiUrl).toBe('http://127.0.0.1:3101');
  });

  it('reads every variable and trims a trailing slash from API_URL', () => {
    const env = readFrontDoorEnv({
      PORT: '3105',
      HOST: '127.0.0.1',
      API_URL: 'https://api.internal:8443/',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    });
    expect(env).toEqual({
      port: 3105,
      host: '127.0.0.1',
      apiUrl: 'https://api.internal:8443',
      logLevel: 'warn',
      production: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(readFrontDoorEnv({ PORT: '', API_URL: ' ' }).port).toBe(3000);
  });

  it.each(['0', '65536', '3000.5', '-1', 'abc', '80a'])('rejects PORT=%s', (port) => {
    expect(() => readFrontDoorEnv({ PORT: port })).toThrow(/PORT must be a whole number from 1 to 65535/);
  });

  it.each(['not a url', 'ftp://example.com', 'localhost:3001', 'http://'])('rejects API_URL=%s', (apiUrl) => {
    expect(() => readFrontDoorEnv({ API_URL: apiUrl })).toThrow(/API_URL must be an http:\/\/ or https:\/\/ URL/);
  });

  it('names every invalid variable in one error', () => {
    let error: unknown;
    try {
      readFrontDoorEnv({ PORT: '70000', API_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { message, problems } = error as EnvError & { problems: string[] };
    expect(problems).toHaveLength(3);
    expect(message).toContain('PORT');
    expect(message).toContain('API_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('reports an invalid API_PORT only when it is used for the default API_URL', () => {
    expect(() => readFrontDoorEnv({ API_PORT: 'x' })).toThrow(/API_PORT/);
    expect(readFrontDoorEnv({ API_PORT: 'x', API_URL: 'http://127.0.0.1:3001' }).apiUrl).toBe('http://127.0.0.1:3001');
  });
});
