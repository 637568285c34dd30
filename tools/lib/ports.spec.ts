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
});
