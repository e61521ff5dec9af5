import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxy's loopback port: give `http://127.0.0.1:<port>` to the services instead of the node's. */
  readonly port: number;
  /** Whether connections get through. */
  readonly up: boolean;
  /** The node goes away: open connections are cut and new ones refused (the port stops listening). */
  takeDown(): Promise<void>;
  /** The node is back, on the same port. */
  bringUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of a node, so a test can make the node unreachable for a while
 * (connections refused, as a node that is down or restarting) without stopping it, and let the
 * test itself keep using the node directly.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection({ host: targetHost, port: targetPort });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    get up() {
      return server !== null;
    },
    takeDown: stop,
    bringUp: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
