import { s3ClientOptions } from './s3-client-options';

const credentials = { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_REGION: 'us-east-1' };

describe(s3ClientOptions.name, () => {
  it('reads host and port of a plain-HTTP endpoint', () => {
    expect(s3ClientOptions({ ...credentials, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual({
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
      pathStyle: true,
    });
  });

  it('uses TLS and the default port for https', () => {
    expect(s3ClientOptions({ ...credentials, S3_ENDPOINT: 'https://oss.example.cn' })).toMatchObject({ endPoint: 'oss.example.cn', port: undefined, useSSL: true });
  });
});
