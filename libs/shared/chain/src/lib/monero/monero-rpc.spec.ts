import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MoneroRpc, MoneroRpcError, MoneroUnreachableError } from './monero-rpc';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback HTTP server answering every request with `handler`; its URL. */
async function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const json = (body: object) => (_: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('no failure'),
    (err: Error) => err,
  );

// How what monero-ts reports comes out: the service-kit classifies MoneroUnreachableError as unavailable.
describe('MoneroRpc through monero-ts', () => {
  const servers: Server[] = [];
  const endpoint = async (handler: Handler, credentials = '') => {
    const { url, server } = await serve(handler);
    servers.push(server);
    return new MoneroRpc(url.replace('http://', `http://${credentials}`), 'monero-wallet-rpc');
  };
  const height = (rpc: MoneroRpc<'monero-wallet-rpc'>, timeoutMs?: number) =>
    rpc.use('get_height', (w) => w.getHeight(), timeoutMs);

  // Ends the requests left hanging and the client's keep-alive connections too.
  afterAll(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

  it('gives the result of a call', async () => {
    const rpc = await endpoint(json({ id: '0', jsonrpc: '2.0', result: { height: 1234 } }));
    expect(await height(rpc)).toBe(1234);
  });

  it("passes the node's JSON-RPC error on with its code, without the params", async () => {
    const error = { code: -13, message: 'No wallet file' };
    const rpc = await endpoint(json({ id: '0', jsonrpc: '2.0', error }));
    const failure = await failureOf(height(rpc));
    expect(failure).toBeInstanceOf(MoneroRpcError);
    expect(failure).toMatchObject({ method: 'get_height', code: -13, detail: 'No wallet file' });
  });

  it('calls a node away unreachable', async () => {
    const { url, server } = await serve(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const failure = await failureOf(height(new MoneroRpc(url, 'monero-wallet-rpc')));
    expect(failure).toBeInstanceOf(MoneroUnreachableError);
    expect(failure.message).toMatch(/is unreachable: .*ECONNREFUSED/);
  });

  it('calls a node that does not answer in time unreachable', async () => {
    const rpc = await endpoint(() => undefined);
    const failure = await failureOf(height(rpc, 200));
    expect(failure).toBeInstanceOf(MoneroUnreachableError);
    expect(failure.message).toMatch(/get_height timed out after 200 ms/);
  });

  it('calls an HTTP error unreachable, and a refused login a matter of credentials', async () => {
    const broken = await endpoint((_, res) => res.writeHead(500).end());
    expect(await failureOf(height(broken))).toMatchObject({
      name: 'MoneroUnreachableError',
      message: expect.stringMatching(/answered HTTP 500$/),
    });
    const challenge = 'Digest qop="auth",algorithm=MD5,realm="monero-rpc",nonce="bm9uY2U=",stale=false';
    const refusing = await endpoint(
      (_, res) => res.writeHead(401, { 'www-authenticate': challenge }).end(),
      'user:secret-pass@',
    );
    const failure = await failureOf(height(refusing));
    expect(failure).toBeInstanceOf(MoneroUnreachableError);
    expect(failure.message).toMatch(/refused the request: check the credentials/);
    expect(failure.message).not.toContain('secret-pass');
  });
});
