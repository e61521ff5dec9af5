import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress } from 'ethers';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { freePort } from '@swap/testing';
import { evmConfig, evmReader, evmSender, type EvmNetwork } from './index';
import { signEvmTransaction } from './evm-sign';
import { MemoryPending, startEvmTestNet, TEST_PHRASE, type EvmTestNet } from '../../test/evm-test-net';

const seed = mnemonicToSeed(TEST_PHRASE);
const nets = {} as Record<EvmNetwork, EvmTestNet>;
const servers: Server[] = [];
const PAYMENT = {
  chainId: 43114n,
  nonce: 0,
  to: '0x000000000000000000000000000000000000dEaD',
  value: 1n,
  data: '0x',
  gasLimit: 21_000n,
  maxFeePerGas: 100n * 10n ** 9n,
  maxPriorityFeePerGas: 10n ** 9n,
};

beforeAll(async () => {
  [nets.ETH, nets.AVAX] = await Promise.all([startEvmTestNet('ETH'), startEvmTestNet('AVAX')]);
});
afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all(Object.values(nets).map((net) => net.stop()));
});

describe.each(['ETH', 'AVAX'] as const)('%s on anvil', (network) => {
  it('funds exactly the deposit addresses 0..9 of the account when started with its phrase and path', async () => {
    const accounts: string[] = await nets[network].anvil.provider.send('eth_accounts', []);
    const account = accountPublicKey(seed, network);
    const expected = Array.from({ length: 10 }, (_, index) => depositAddress(network, account, index));
    expect(accounts.map((address) => getAddress(address))).toEqual(expected);
  });
});

describe('the node behind the URL', () => {
  it('must be on the configured chain id', async () => {
    const env = { ...nets.ETH.env, ETH_CHAIN_ID: '1' };
    const reader = evmReader('ETH', evmConfig('ETH', env));
    await expect(reader.tip()).rejects.toThrow(/is on chain id 31337, but ETH_CHAIN_ID is 1$/);
    const avaxAsEth = evmReader('ETH', evmConfig('ETH', { ETH_RPC_URL: nets.AVAX.anvil.rpcUrl }));
    await expect(avaxAsEth.mempool()).rejects.toThrow('is on chain id 43114, but ETH_CHAIN_ID is 1');
  });

  it.each([
    ['refuses connections', async () => freePort()],
    ['answers 401', async () => unauthorizedServer()],
  ])('is named without the credentials of its URL when it %s', async (_, listen) => {
    const port = await listen();
    const env = { AVAX_RPC_URL: `http://treasury:hunter2@127.0.0.1:${port}/ext/bc/C/rpc?key=abc123` };
    const reader = evmReader('AVAX', evmConfig('AVAX', env));
    const failure: Error = await reader.tip().then(
      () => new Error('answered'),
      (err: Error) => err,
    );
    expect(failure.message).toMatch(`AVAX node http://127.0.0.1:${port} did not answer eth_chainId`);
    expect(
      JSON.stringify({ message: failure.message, stack: failure.stack, cause: failure.cause }),
    ).not.toMatch(/hunter2|treasury|abc123|ext\/bc/);
  });
});

describe('a broadcast', () => {
  it('throws when the node cannot be reached: the bytes may land yet', async () => {
    const net = nets.AVAX;
    const tx = signEvmTransaction('AVAX', PAYMENT, net.signer(0));
    const config = evmConfig('AVAX', {
      AVAX_RPC_URL: `http://127.0.0.1:${await freePort()}`,
      AVAX_CHAIN_ID: '43114',
    });
    const offline = evmSender('AVAX', config, net.keys, new MemoryPending());
    await expect(offline.broadcast(tx)).rejects.toThrow('did not answer');
    expect(await net.sender().broadcast(tx)).toEqual({ accepted: true });
  });
});

/** An RPC endpoint that wants other credentials: ethers quotes the whole URL in its error. */
async function unauthorizedServer(): Promise<number> {
  const server = createServer((_, res) => res.writeHead(401).end('unauthorized'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
