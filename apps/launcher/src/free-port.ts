import { connect, createServer } from 'node:net';

/** The preferred port when it is free on loopback, else any free one. */
export async function freePort(preferred: number): Promise<number> {
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? preferred;
}

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(chosen));
    });
  });
}

/** Resolves once something accepts TCP connections on the port; rejects when `alive` turns false. */
export async function waitForPort(port: number, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('exited before it was ready');
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not listening on ${port} after ${timeoutMs} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
