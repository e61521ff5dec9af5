import { readFileSync } from 'fs';
import { IncomingMessage, Server, ServerResponse, createServer } from 'http';
import { AddressInfo } from 'net';
import { join } from 'path';

/** A local HTTP server on 127.0.0.1 (random port) for connector tests; records every request URL. */
export interface FixtureServer {
  baseUrl: string;
  /** Request path + query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(handler: Handler): Promise<FixtureServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves fixture files by exact request path + query; anything else is a 404 JSON error. */
export function serveFixtures(routes: Readonly<Record<string, string>>): Promise<FixtureServer> {
  return startServer((req, res) => {
    const file = routes[req.url ?? ''];
    if (file === undefined) return send(res, 404, '{"message":"NotFound"}');
    send(res, 200, fixture(file));
  });
}

export function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

export function fixture(file: string): string {
  return readFileSync(join(__dirname, '..', 'fixtures', file), 'utf8');
}
