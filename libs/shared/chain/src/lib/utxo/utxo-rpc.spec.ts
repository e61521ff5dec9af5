import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@swap/testing';
import { utxoConfig } from './utxo-config';
import { UtxoRpc, UtxoRpcError } from './utxo-rpc';

/** A stand-in node answering every request with `status` and `body`; it records what it got. */
async function fakeNode(
  status: number,
  body: string,
): Promise<{ server: Server; port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.url} ${req.headers.authorization}`);
    req.resume().on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const rpcAt = (port: number) =>
  new UtxoRpc(
    utxoConfig('LTC', { LTC_RPC_URL: `http://swap:hunter2@127.0.0.1:${port}`, LTC_NETWORK: 'regtest' }),
  );

describe('UtxoRpc', () => {
  let node: Awaited<ReturnType<typeof fakeNode>> | undefined;
  afterEach(() => node?.server.close());

  it('sends the credentials as basic auth, wallet calls to /wallet/<name>, and reads numbers exactly', async () => {
    node = await fakeNode(200, '{"result":{"amount":0.30000000,"big":12345678901234567890},"error":null}');
    const result = await rpcAt(node.port).call('listunspent', [1], { wallet: 'swap treasury' });
    expect(result).toEqual({ amount: '0.30000000', big: '12345678901234567890' });
    expect(node.seen).toEqual([
      `/wallet/swap%20treasury Basic ${Buffer.from('swap:hunter2').toString('base64')}`,
    ]);
  });

  it("turns the node's error answer (HTTP 500 with a JSON body) into a UtxoRpcError", async () => {
    node = await fakeNode(500, '{"result":null,"error":{"code":-5,"message":"No such mempool transaction"}}');
    const failure = rpcAt(node.port).call('getrawtransaction', ['00']);
    await expect(failure).rejects.toBeInstanceOf(UtxoRpcError);
    await expect(failure).rejects.toMatchObject({ code: -5, method: 'getrawtransaction' });
  });

  it.each([
    [503, 'Service Unavailable', /answered getblockcount with HTTP 503/],
    [401, '', /refused the credentials of LTC_RPC_URL/],
  ])('throws a plain Error for HTTP %i without a JSON-RPC error', async (status, body, message) => {
    node = await fakeNode(status, body);
    const failure = rpcAt(node.port).call('getblockcount');
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.not.toBeInstanceOf(UtxoRpcError);
  });

  it('names an unreachable node by its origin only, never its password, path or query', async () => {
    const port = await freePort();
    const failure = rpcAt(port).call('getblockcount');
    await expect(failure).rejects.toThrow(`LTC node http://127.0.0.1:${port} unreachable (getblockcount)`);
    await expect(failure).rejects.not.toThrow(/hunter2/);
    const provider = new UtxoRpc(
      utxoConfig('LTC', {
        LTC_RPC_URL: `http://swap:hunter2@127.0.0.1:${port}/k3y-in-path/?apikey=k3y`,
        LTC_NETWORK: 'regtest',
      }),
    );
    const keyed = provider.call('getblockcount');
    await expect(keyed).rejects.toThrow(`LTC node http://127.0.0.1:${port} unreachable (getblockcount)`);
    await expect(keyed).rejects.not.toThrow(/k3y/);
  });
});
