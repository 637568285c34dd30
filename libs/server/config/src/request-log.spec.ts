import { leftByTheClient, requestLogSerializers } from './request-log';

describe('requestLogSerializers', () => {
  const urlOf = (url: string) => requestLogSerializers.req({ id: '1', method: 'GET', url }).url;

  it("hides a presigned URL's signature and credential, and keeps what was asked", () => {
    expect(urlOf('/storage/aipm/contracts/a.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=KEY%2F20261128%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=abc123')).toBe(
      '/storage/aipm/contracts/a.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]',
    );
  });

  it('hides tokens in any case, and leaves other URLs alone', () => {
    expect(urlOf('/x?a=1&TOKEN=t&access_token=u#f')).toBe('/x?a=1&TOKEN=[redacted]&access_token=[redacted]#f');
    expect(urlOf('/api/registrations?range=[0,9]')).toBe('/api/registrations?range=[0,9]');
  });
});

describe('leftByTheClient', () => {
  it('is an answer that never ended and did not fail: the client went away', () => {
    expect(leftByTheClient({ writableEnded: false, statusCode: 200 }, undefined)).toBe(true);
  });

  it('is not an answer that ended, failed, or was a server error', () => {
    expect(leftByTheClient({ writableEnded: true, statusCode: 200 }, undefined)).toBe(false);
    expect(leftByTheClient({ writableEnded: false, statusCode: 200 }, new Error('database gone'))).toBe(false);
    expect(leftByTheClient({ writableEnded: false, statusCode: 502 }, undefined)).toBe(false);
  });
});
