import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorReply, stringify, type Json } from './json';
import { flag, viewOf, type LabCore, type Route } from './route-context';
import { accountRoutes } from './routes-account';
import { chainRoutes, SOLIDITY_CHAIN_ROUTES } from './routes-chain';
import { contractRoutes } from './routes-contract';
import { JsonParseError } from './transaction-parse';

const WALLET: Record<string, Route> = { ...chainRoutes, ...accountRoutes, ...contractRoutes };
const SOLIDITY: Record<string, Route> = Object.fromEntries(
  [...SOLIDITY_CHAIN_ROUTES, 'getaccount', 'getdelegatedresourcev2', 'getcandelegatedmaxsize'].map((name) => [
    name,
    WALLET[name],
  ]),
);
/** Endpoints java-tron does not let `int64_as_string` change (tronweb's RawTrx works around them). */
const NUMBERS_ONLY = new Set(['getnowblock', 'getnodeinfo']);

export interface LabServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** When set, requests must carry this TRON-PRO-API-KEY header (as TronGrid requires a key). */
  apiKey?: string;
  /** Unexpected handler failures, for the lab to surface instead of hiding them in a reply. */
  onError(err: unknown): void;
}

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const query = Object.fromEntries(url.searchParams);
  if (req.method !== 'POST') return query;
  let body = '';
  for await (const chunk of req) body += chunk;
  if (body.trim() === '') return query;
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new JsonParseError('request body is not a JSON object');
  return { ...query, ...(parsed as Record<string, unknown>) };
}

/** A loopback HTTP server speaking java-tron's wallet/* and walletsolidity/* JSON API. */
export async function startServer(lab: LabCore, options: ServerOptions): Promise<LabServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, api, name] = url.pathname.split('/');
    const route = api === 'wallet' ? WALLET[name] : api === 'walletsolidity' ? SOLIDITY[name] : undefined;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no such endpoint: ${url.pathname}\n`);
      return;
    }
    if (options.apiKey !== undefined && req.headers['tron-pro-api-key'] !== options.apiKey) {
      const reply = { Error: 'ApiKey not exists' };
      res.writeHead(401, { 'content-type': 'application/json' }).end(`${JSON.stringify(reply)}\n`);
      return;
    }
    let reply: Json;
    let int64AsString = false;
    try {
      const params = await readParams(req, url);
      // java-tron honours the flag on GET only (tronweb's RawTrx reads with GET for that reason).
      int64AsString = req.method === 'GET' && flag(params.int64_as_string) && !NUMBERS_ONLY.has(name);
      reply = await route(
        { params, visible: flag(params.visible) },
        lab,
        viewOf(lab.chain, api === 'walletsolidity'),
      );
    } catch (err) {
      if (err instanceof JsonParseError || err instanceof SyntaxError) {
        reply = errorReply('org.tron.core.services.http.JsonFormat$ParseException', err.message);
      } else {
        options.onError(err);
        reply = errorReply('java.lang.Exception', err instanceof Error ? err.message : String(err));
      }
    }
    res
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      .end(`${stringify(reply, int64AsString)}\n`);
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
