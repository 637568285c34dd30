import { bullOptions, redisOptionsFromUrl } from './redis-connection';

describe(redisOptionsFromUrl.name, () => {
  it('reads host, port, password and database from the URL', () => {
    expect(redisOptionsFromUrl('redis://:p%40ss@10.0.0.5:6380/2')).toMatchObject({
      host: '10.0.0.5',
      port: 6380,
      password: 'p@ss',
      db: 2,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and database and enables TLS for rediss', () => {
    expect(redisOptionsFromUrl('rediss://user:pw@cache.example')).toMatchObject({
      host: 'cache.example',
      port: 6379,
      username: 'user',
      db: 0,
      tls: {},
    });
  });

  it('lets the caller override options', () => {
    expect(redisOptionsFromUrl('redis://127.0.0.1', { lazyConnect: true }).lazyConnect).toBe(true);
  });
});

describe(bullOptions.name, () => {
  it('gives BullMQ the URL’s connection, waiting through reconnects, under the system’s key prefix', () => {
    expect(bullOptions('redis://:pw@10.0.0.5:6380/3')).toEqual({
      connection: { host: '10.0.0.5', port: 6380, username: undefined, password: 'pw', db: 3, tls: undefined, maxRetriesPerRequest: null },
      prefix: 'aipm:bull',
    });
  });
});
