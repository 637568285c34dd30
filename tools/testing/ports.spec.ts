import { createServer, type Server } from 'node:net';
import { ephemeralPortRange, serverPort, serverPortSlice } from './ports';

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('serverPort', () => {
  const worker = process.env.JEST_WORKER_ID;
  afterEach(() => {
    process.env.JEST_WORKER_ID = worker;
  });

  it('never hands out a port the kernel may give a parallel listen(0) or outgoing connection', async () => {
    const [low] = ephemeralPortRange();
    for (let pick = 0; pick < 50; pick += 1) expect(await serverPort()).toBeLessThan(low);
  });

  it('hands out a port that is free, and it can be listened on', async () => {
    const server = await listenOn(await serverPort());
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives each test worker its own ports', () => {
    const slices = ['1', '2', '3', '4'].map((id) => {
      process.env.JEST_WORKER_ID = id;
      return serverPortSlice();
    });
    for (const [index, [from, to]] of slices.entries()) {
      expect(from).toBeLessThanOrEqual(to);
      for (const [other, [otherFrom, otherTo]] of slices.entries()) {
        if (other !== index) expect(to < otherFrom || from > otherTo).toBe(true);
      }
    }
  });
});
