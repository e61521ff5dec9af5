import { createServer, connect, type Server } from 'node:net';
import { startTcpProxy } from './tcp-proxy';

/** Sends `text` through a new connection to `port` and resolves with the echo, or rejects. */
function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.end();
    });
    socket.once('error', reject);
  });
}

describe('startTcpProxy', () => {
  let echo: Server;
  let echoPort: number;

  beforeAll(async () => {
    echo = createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoPort = (echo.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it('passes bytes through, refuses connections while down, and is back on the same port', async () => {
    const proxy = await startTcpProxy(echoPort);
    try {
      expect(await roundTrip(proxy.port, 'ping')).toBe('ping');
      const { port } = proxy;
      await proxy.takeDown();
      expect(proxy.up).toBe(false);
      await expect(roundTrip(port, 'ping')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await proxy.bringUp();
      expect(proxy.port).toBe(port);
      expect(await roundTrip(port, 'pong')).toBe('pong');
    } finally {
      await proxy.close();
    }
  });

  it('cuts the connections open when it goes down', async () => {
    const proxy = await startTcpProxy(echoPort);
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    await proxy.takeDown();
    await closed;
    await proxy.close();
  });
});
