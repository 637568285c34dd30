// Ports for embedded services: asked from the kernel each run, so two checkouts (or `npm start` next to
// `npm test`) never collide. Data lives in the data dir, so a different port each start loses nothing.
import net from 'node:net';

/** A currently free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when `port` can be bound on every address (the unspecified address covers 127.0.0.1 too). */
export function portIsFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error)));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
