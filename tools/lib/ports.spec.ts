import net from 'node:net';

import { freePort, lowestEphemeralPort, portIsFree } from './ports.mjs';

describe('freePort', () => {
  it('chooses free ports below the range the kernel gives outgoing connections', async () => {
    const low = lowestEphemeralPort();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(ports.filter((port) => port < 10_000 || port >= low)).toEqual([]);
    // Asked together, as tools/start.mjs asks for the apps' ports: never the same one twice.
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(await portIsFree(port)).toBe(true);
  });

  it('never chooses a port a client socket holds', async () => {
    // A listener and a client connected to it: the client's local port is one of the kernel's outgoing ports.
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    try {
      expect(client.localPort).toBeGreaterThanOrEqual(lowestEphemeralPort());
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      expect(ports).not.toContain(client.localPort);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
