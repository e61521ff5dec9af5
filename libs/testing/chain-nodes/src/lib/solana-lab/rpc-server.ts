import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Methods } from './bank';
import { toJson } from './json';
import { paramsOf } from './params';
import { RpcError, rpcErrors } from './rpc-error';

export interface RpcServer {
  readonly url: string;
  close(): Promise<void>;
}

/** JSON-RPC 2.0 over HTTP POST on a random loopback port; single requests and batches. */
export async function startRpcServer(methods: Methods): Promise<RpcServer> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405).end('Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    void readBody(request)
      .then((body) => answer(body, methods))
      .then((json) => response.writeHead(200, { 'content-type': 'application/json' }).end(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function answer(body: string, methods: Methods): Promise<string> {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return toJson(failure(null, rpcErrors.parse()));
  }
  if (!Array.isArray(payload)) return toJson(await call(payload, methods));
  if (payload.length === 0) return toJson(failure(null, rpcErrors.invalidRequest()));
  return toJson(await Promise.all(payload.map((request) => call(request, methods))));
}

async function call(request: unknown, methods: Methods): Promise<object> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return failure(null, rpcErrors.invalidRequest());
  }
  const { jsonrpc, method, params, id = null } = request as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return failure(id, rpcErrors.invalidRequest());
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return failure(id, rpcErrors.methodNotFound());
  try {
    const result = await handler(paramsOf(params));
    return { jsonrpc: '2.0', result: result ?? null, id };
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error);
    // A lab bug, not a chain answer: say what broke so the failing test shows it.
    return failure(id, new RpcError(-32603, 'Internal error', String(error)));
  }
}

function failure(id: unknown, error: RpcError): object {
  const { code, message, data } = error;
  return { jsonrpc: '2.0', error: { code, message, data }, id };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
