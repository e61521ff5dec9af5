import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import { TreasuryWallet } from './treasury-wallet';
import { utxoConfig } from './utxo-config';
import { UtxoRpcError, type UtxoRpc } from './utxo-rpc';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIRTHDAY = 1_700_000_000;

interface Call {
  method: string;
  params: unknown[];
}

/**
 * The wallet RPCs of a node that has no wallet yet: Bitcoin Core 30 (descriptor wallets only) or
 * litecoind 0.21 (built without sqlite: legacy wallets only). Addresses count as the wallet's once
 * an import covered index 0.
 */
function fakeNode(kind: 'descriptors' | 'legacy') {
  const calls: Call[] = [];
  let created: boolean | null = null;
  let imported = false;
  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'listwallets':
        return created === null ? [] : ['swap-treasury'];
      case 'loadwallet':
        throw new UtxoRpcError(-18, 'Wallet file verification failed. Failed to load database path', method);
      case 'createwallet': {
        const descriptors = params[5] === true;
        if (descriptors && kind === 'legacy')
          throw new UtxoRpcError(
            -4,
            'Compiled without sqlite support (required for descriptor wallets)',
            method,
          );
        if (!descriptors && kind === 'descriptors')
          throw new UtxoRpcError(-4, 'BDB wallet creation is deprecated and will be removed', method);
        created = descriptors;
        return { name: params[0] };
      }
      case 'getwalletinfo':
        return kind === 'descriptors' ? { descriptors: created } : {};
      case 'getdescriptorinfo':
        return { checksum: 'qwertyui' };
      case 'decodescript':
        return { address: 'bcrt1qexample' };
      case 'getaddressinfo':
        return imported ? { ismine: true, hdkeypath: 'm/0/0' } : { ismine: false };
      case 'importdescriptors':
      case 'importmulti':
        imported = true;
        return (params[0] as unknown[]).map(() => ({ success: true }));
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  const rpc = {
    call: async (method: string, params: unknown[] = []) => {
      calls.push({ method, params });
      return answer(method, params);
    },
  } as unknown as UtxoRpc;
  const imports = () => calls.filter((c) => c.method === 'importdescriptors' || c.method === 'importmulti');
  return { rpc, calls, imports };
}

describe('TreasuryWallet in the node', () => {
  const config = utxoConfig('BTC', {
    BTC_RPC_URL: 'http://u:p@127.0.0.1:18443',
    BTC_NETWORK: 'regtest',
    BTC_ADDRESS_LOOKAHEAD: '10',
    BTC_WALLET_BIRTHDAY: String(BIRTHDAY),
  });
  const account = accountPublicKey(mnemonicToSeed(PHRASE), 'BTC');

  it('makes a descriptor wallet where the node has them, and extends its range with importdescriptors', async () => {
    const node = fakeNode('descriptors');
    const wallet = new TreasuryWallet(node.rpc, config, account);

    await wallet.expectAddresses(5);
    await wallet.expectAddresses(7);
    await wallet.expectAddresses(30);

    expect(node.calls.find((c) => c.method === 'createwallet')?.params).toEqual([
      'swap-treasury',
      true,
      true,
      '',
      false,
      true,
      true,
    ]);
    const desc = expect.stringMatching(/^wpkh\(tpub[1-9A-HJ-NP-Za-km-z]+\/0\/\*\)#qwertyui$/);
    expect(node.imports()).toEqual([
      // Fresh: rescanned from the birthday; then the range grows, rescanning only the last hours.
      {
        method: 'importdescriptors',
        params: [[{ desc, range: [0, 14], timestamp: BIRTHDAY, active: false }]],
      },
      { method: 'importdescriptors', params: [[{ desc, range: [0, 16], timestamp: 'now', active: false }]] },
      { method: 'importdescriptors', params: [[{ desc, range: [0, 39], timestamp: 'now', active: false }]] },
    ]);
  });

  it('falls back to a legacy wallet and importmulti on a node without descriptor wallets', async () => {
    const node = fakeNode('legacy');
    const wallet = new TreasuryWallet(node.rpc, config, account);

    await wallet.expectAddresses(5);
    await wallet.expectAddresses(7);

    const creates = node.calls.filter((c) => c.method === 'createwallet').map((c) => c.params[5]);
    expect(creates).toEqual([true, false]);
    expect(
      node.imports().map((c) => [c.method, (c.params[0] as Array<{ range: number[] }>)[0].range]),
    ).toEqual([
      ['importmulti', [0, 14]],
      ['importmulti', [15, 16]],
    ]);
  });
});
