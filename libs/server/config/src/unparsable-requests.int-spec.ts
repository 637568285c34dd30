import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerUnparsableRequests } from './unparsable-requests';

describe(answerUnparsableRequests.name, () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('ok'));
    answerUnparsableRequests(server, (status) => ({ success: false, code: status === 431 ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST', message: `status ${status}` }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a URL past the header limit with 431 and a JSON body', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/?q=${'a'.repeat(130_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ success: false, code: 'HEADERS_TOO_LARGE', message: 'status 431' });
  });

  it('still serves ordinary requests', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/?q=short`)).text()).toBe('ok');
  });
});
