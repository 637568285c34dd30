import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UnparsableStatus = 400 | 408 | 431;

/**
 * Node answers a request it cannot parse by itself, with an empty body: a URL or headers past its 16 KB
 * limit (431), a timeout (408), bytes that are not HTTP (400). This answers those in the API's envelope
 * instead, so they too carry a code and a message (docs/product/errors.md#error-envelope). `body` makes the
 * JSON for a status.
 */
export function answerUnparsableRequests(server: Server, body: (status: UnparsableStatus) => object): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status: UnparsableStatus = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const text = JSON.stringify(body(status));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}
