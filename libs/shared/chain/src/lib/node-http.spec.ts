import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@swap/testing';
import { jsonObject, NodeAnswerError, NodeHttp, NodeRefusedError, NodeUnreachableError } from './node-http';

interface Seen {
  url: string | undefined;
  headers: Record<string, unknown>;
  body: string;
}

/** A stand-in node answering every request with `status` and `body` (after `delayMs`); it records what it got. */
async function fakeNode(status: number, body: string, delayMs = 0) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      seen.push({ url: req.url, headers: req.headers, body: text });
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe('NodeHttp', () => {
  let node: Awaited<ReturnType<typeof fakeNode>> | undefined;
  afterEach(() => {
    node?.server.closeAllConnections();
    node?.server.close();
    node = undefined;
  });

  it('posts JSON with its headers, to the URL or to a path below its own', async () => {
    node = await fakeNode(200, '{"result":1}');
    const http = new NodeHttp({
      network: 'TRX',
      url: `http://127.0.0.1:${node.port}/prefix`,
      headers: () => ({ 'TRON-PRO-API-KEY': 'k' }),
    });
    expect(await http.post('getnowblock', { a: 1 })).toEqual({
      status: 200,
      ok: true,
      refused: false,
      text: '{"result":1}',
    });
    await http.post('wallet/getnowblock', {}, { path: 'wallet/getnowblock' });
    expect(node.seen.map(({ url, body }) => [url, body])).toEqual([
      ['/prefix', '{"a":1}'],
      ['/prefix/wallet/getnowblock', '{}'],
    ]);
    expect(node.seen[0].headers).toMatchObject({
      'content-type': 'application/json',
      'tron-pro-api-key': 'k',
    });
  });

  it.each([
    [401, true, NodeRefusedError],
    [403, true, NodeRefusedError],
    [503, false, NodeAnswerError],
  ])('hands back an HTTP %i, and fails it as refused: %s', async (status, refused, Failure) => {
    node = await fakeNode(status, 'no');
    const http = new NodeHttp({ network: 'SOL', url: `http://127.0.0.1:${node.port}/k3y?key=k3y` });
    const answer = await http.post('getSlot', {});
    expect(answer).toEqual({ status, ok: false, refused, text: 'no' });
    const failure = http.failed(answer, `answered getSlot with HTTP ${status}`);
    expect(failure).toBeInstanceOf(Failure);
    expect(failure).toMatchObject({
      status,
      message: `SOL node http://127.0.0.1:${node.port} answered getSlot with HTTP ${status}`,
    });
  });

  it.each([
    ['a path and a query', 'http://127.0.0.1:PORT/k3y/?apikey=k3y'],
    ['credentials (which fetch refuses to send)', 'http://user:hunter2@127.0.0.1:PORT/k3y'],
  ])('names a node away by its scheme, host and port only, never %s', async (_what, url) => {
    const port = await freePort();
    const http = new NodeHttp({ network: 'SOL', url: url.replace('PORT', String(port)) });
    const failure = http.post('getSlot', {});
    await expect(failure).rejects.toBeInstanceOf(NodeUnreachableError);
    await expect(failure).rejects.toThrow(`SOL node http://127.0.0.1:${port} did not answer getSlot: `);
    await expect(failure).rejects.not.toThrow(/hunter2|k3y/);
    expect(await failure.catch((err: Error) => err.cause)).toBeUndefined();
  });

  it("says what the node did not answer in the client's words, and the reason fetch hides in its cause", async () => {
    const port = await freePort();
    const http = new NodeHttp({
      network: 'LTC',
      url: `http://127.0.0.1:${port}/`,
      unanswered: (method) => `unreachable (${method})`,
    });
    await expect(http.post('getblockcount', [])).rejects.toThrow(
      new RegExp(`^LTC node http://127.0.0.1:${port} unreachable \\(getblockcount\\): .*ECONNREFUSED`),
    );
  });

  it('gives up on a node that does not answer in time', async () => {
    node = await fakeNode(200, '{}', 1_000);
    const http = new NodeHttp({ network: 'TRX', url: `http://127.0.0.1:${node.port}`, timeoutMs: 5_000 });
    const failure = http.post('wallet/getnowblock', {}, { timeoutMs: 50 });
    await expect(failure).rejects.toBeInstanceOf(NodeUnreachableError);
    await expect(failure).rejects.toThrow(/did not answer wallet\/getnowblock: .*timeout/);
  });
});

describe('jsonObject', () => {
  it.each([
    ['{"result":0.30000000}', 'exact', { result: '0.30000000' }],
    ['{"result":0.30000000}', 'double', { result: 0.3 }],
    ['1', 'exact', null],
    ['null', 'exact', null],
    ['<html>', 'exact', null],
  ])('reads %s (%s numbers)', (text, numbers, expected) => {
    expect(jsonObject(text, numbers === 'double' ? JSON.parse : undefined)).toEqual(expected);
  });
});
