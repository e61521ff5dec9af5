import { Transaction, Wallet } from 'ethers';
import {
  startAnvil,
  startLitecoind,
  startMonero,
  startSolanaLab,
  startTronLab,
  type Anvil,
} from '@swap/chain-nodes';
import type { Network } from '@swap/domain';
import { openPinsDb, type PinsDb } from '../../test/pins-db';
import type { ChainReader } from '../chain-reader';
import type { SignedTransaction } from '../chain-sender';
import { evmConfig, evmReader, evmSender } from '../evm';
import { moneroConfig, moneroReader } from '../monero';
import { solanaConfig, solanaReader } from '../solana';
import { tronConfig, tronReader } from '../tron';
import { utxoConfig, utxoReader } from '../utxo';
import { ChainIdentityMismatch, PinnedChain } from './index';

/** Block 0 of chains no regtest node is on (every LTC regtest, and Monero's, share theirs). */
const LTC_MAINNET = 'genesis 12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2';
const XMR_TESTNET = 'genesis 48ca7cd3c8de5b6a4d53d2861fbdaedca141553559f9be9520068053cda8430b';
/** anvil's funded dev account 0 (its default mnemonic), on every anvil. */
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/**
 * Each kind of node against a database pinned to another chain: the check at start refuses it,
 * tells the service once (which stops there, exit 78), and no use of the reader reaches the node.
 */
describe('chain identity pinned', () => {
  let db: PinsDb;

  beforeAll(async () => {
    db = await openPinsDb();
  });
  beforeEach(() => db.reset());
  afterAll(() => db?.close());

  /** What a service does with `node`: the guard, and the mismatches it was told of. */
  function guarded(network: Network, node: Pick<ChainReader, 'identity'>) {
    const mismatches: ChainIdentityMismatch[] = [];
    const chain = new PinnedChain(network, node, { pins: db.pins, onMismatch: (m) => mismatches.push(m) });
    return { chain, mismatches };
  }

  /** A first start pins the node's identity; a restart on the same chain passes. */
  async function pinsAtFirstStart(network: Network, node: ChainReader): Promise<string> {
    const identity = await node.identity();
    expect(await db.pinned(network)).toBeNull();
    await guarded(network, node).chain.checkAtStart();
    expect(await db.pinned(network)).toBe(identity);
    const again = guarded(network, node);
    await again.chain.checkAtStart();
    await expect(again.chain.reader(node).tip()).resolves.toMatchObject({ height: expect.any(Number) });
    expect(again.mismatches).toEqual([]);
    return identity;
  }

  /** The database pinned to `pinned`, the node elsewhere: refused at start, and at every use after. */
  async function refusedAtStart(network: Network, node: ChainReader, pinned: string, variable: string) {
    const found = await node.identity();
    expect(found).not.toBe(pinned);
    const { chain, mismatches } = guarded(network, node);
    const error = await chain.checkAtStart().then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ChainIdentityMismatch);
    const mismatch = error as ChainIdentityMismatch;
    expect(mismatches).toEqual([mismatch]);
    expect(mismatch.problems).toEqual([mismatch.message]);
    for (const part of [`${network}:`, `"${pinned}"`, `"${found}"`, variable, 'fresh database', '.data/'])
      expect(mismatch.message).toContain(part);
    await expect(chain.reader(node).tip()).rejects.toBe(mismatch);
    await expect(chain.reader(node).blockAt(0)).rejects.toBe(mismatch);
    expect(mismatches).toHaveLength(1);
    // The pin stays: the database still belongs to its chain.
    expect(await db.pinned(network)).toBe(pinned);
    return mismatch;
  }

  describe('UTXO (litecoind regtest)', () => {
    let stop: () => Promise<void>;
    let node: ChainReader;

    beforeAll(async () => {
      const litecoind = await startLitecoind();
      stop = () => litecoind.stop();
      node = utxoReader('LTC', utxoConfig('LTC', { LTC_RPC_URL: litecoind.rpcUrl, LTC_NETWORK: 'regtest' }));
    });
    afterAll(() => stop?.());

    it('pins the genesis at first start and refuses a database of another LTC chain', async () => {
      const identity = await pinsAtFirstStart('LTC', node);
      expect(identity).toMatch(/^genesis [0-9a-f]{64}$/);
      await db.reset();
      await db.pins.pin('LTC', LTC_MAINNET);
      const mismatch = await refusedAtStart('LTC', node, LTC_MAINNET, 'LTC_RPC_URL');
      expect(mismatch.message).toContain('point LTC_RPC_URL at a node of that chain');
    });
  });

  describe('EVM (anvil)', () => {
    let first: Anvil;
    let second: Anvil;
    const reader = (anvil: Anvil) =>
      evmReader(
        'AVAX',
        evmConfig('AVAX', { AVAX_RPC_URL: anvil.rpcUrl, AVAX_CHAIN_ID: String(anvil.chainId) }),
      );

    beforeAll(async () => {
      [first, second] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 43114 })]);
    });
    afterAll(() => Promise.all([first?.stop(), second?.stop()]));

    it('pins chain id and genesis, and refuses a node of another chain', async () => {
      const identity = await pinsAtFirstStart('AVAX', reader(first));
      expect(identity).toMatch(/^chain id 31337, genesis 0x[0-9a-f]{64}$/);
      await refusedAtStart('AVAX', reader(second), identity, 'AVAX_RPC_URL');
    });

    it('tells two chains with the same chain id apart by their genesis', async () => {
      const twin = await startAnvil({ chainId: 31337, genesisTimestamp: 1_700_000_000 });
      try {
        const identity = await pinsAtFirstStart('AVAX', reader(first));
        const mismatch = await refusedAtStart('AVAX', reader(twin), identity, 'AVAX_RPC_URL');
        expect(mismatch.found).toMatch(/^chain id 31337, genesis /);
      } finally {
        await twin.stop();
      }
    });

    it('after a failed request, checks once before the next use: a node back on another chain gets nothing', async () => {
      const port = Number(new URL(first.rpcUrl).port);
      const config = evmConfig('AVAX', { AVAX_RPC_URL: first.rpcUrl, AVAX_CHAIN_ID: '31337' });
      const node = evmReader('AVAX', config);
      const noKeys = {
        signer: () => {
          throw new Error('broadcasting needs no keys');
        },
        accountPublic: '',
      };
      const sender = evmSender('AVAX', config, noKeys, { signedFrom: async () => [] });
      let identityCalls = 0;
      const counted = { identity: () => (identityCalls++, node.identity()) };
      const { chain, mismatches } = guarded('AVAX', counted);
      await chain.checkAtStart();
      const reader = chain.reader(node);
      const broadcaster = chain.sender(sender);
      for (let i = 0; i < 5; i++) await reader.tip();
      expect(identityCalls).toBe(1);

      const wallet = new Wallet(ANVIL_KEY);
      const raw = await wallet.signTransaction({
        to: Wallet.createRandom().address,
        value: 1n,
        nonce: 0,
        chainId: 31337n,
        gasLimit: 21_000n,
        maxFeePerGas: 10n ** 11n,
        maxPriorityFeePerGas: 1n,
        type: 2,
      });
      const { hash } = Transaction.from(raw);
      const tx: SignedTransaction = {
        network: 'AVAX',
        txid: hash as string,
        raw,
        fee: 0n,
        feeCurrency: 'AVAX',
        txKey: null,
      };

      await first.stop();
      await expect(reader.tip()).rejects.toThrow(/did not answer/);
      expect(identityCalls).toBe(1);
      // Still away: the next use asks for the identity first, and goes no further.
      await expect(broadcaster.broadcast(tx)).rejects.toThrow(/did not answer/);
      expect(identityCalls).toBe(2);

      // Back at the same address on another chain (same chain id, the same funded account).
      const resynced = await startAnvil({ chainId: 31337, port, genesisTimestamp: 1_700_000_000 });
      try {
        const uses = await Promise.allSettled([broadcaster.broadcast(tx), reader.tip(), reader.mempool()]);
        expect(identityCalls).toBe(3);
        expect(mismatches).toHaveLength(1);
        for (const use of uses) expect(use).toEqual({ status: 'rejected', reason: mismatches[0] });
        expect(mismatches[0].message).toContain(
          `but the node of AVAX_RPC_URL is on "${await node.identity()}"`,
        );
        // Nothing reached the node: the transaction its account could pay for is unknown there.
        expect(await resynced.provider.send('eth_getTransactionByHash', [tx.txid])).toBeNull();
        expect(await resynced.provider.getBlockNumber()).toBe(0);
        await expect(broadcaster.broadcast(tx)).rejects.toBe(mismatches[0]);
        expect(identityCalls).toBe(3);
      } finally {
        await resynced.stop();
      }
    });
  });

  it('checks on demand (a deep reorganisation): a node switched between two uses is refused', async () => {
    const before = await startAnvil({ chainId: 31337 });
    const port = Number(new URL(before.rpcUrl).port);
    const node = evmReader(
      'AVAX',
      evmConfig('AVAX', { AVAX_RPC_URL: before.rpcUrl, AVAX_CHAIN_ID: '31337' }),
    );
    const { chain, mismatches } = guarded('AVAX', node);
    const reader = chain.reader(node);
    await chain.checkAtStart();
    const pinned = await reader.identity();
    await before.stop();
    const after = await startAnvil({ chainId: 31337, port, genesisTimestamp: 1_600_000_000 });
    try {
      // No request failed meanwhile: the guard cannot know, until it is asked.
      await expect(reader.tip()).resolves.toMatchObject({ height: 0 });
      await expect(reader.identity()).rejects.toBeInstanceOf(ChainIdentityMismatch);
      expect(mismatches).toHaveLength(1);
      expect(mismatches[0].pinned.identity).toBe(pinned);
      await expect(reader.tip()).rejects.toBe(mismatches[0]);
    } finally {
      await after.stop();
    }
  });

  describe('Monero (monerod regtest)', () => {
    let stop: () => Promise<void>;
    let node: ChainReader;

    beforeAll(async () => {
      const monero = await startMonero({ wallets: 0 });
      stop = () => monero.stop();
      const env = {
        XMR_DAEMON_RPC_URL: monero.daemonUrl,
        // Not asked: the identity is the daemon's.
        XMR_WALLET_RPC_URL: 'http://127.0.0.1:9',
        XMR_NETWORK: 'regtest',
      };
      node = moneroReader(moneroConfig(env), { address: '', viewKey: '' });
    }, 120_000);
    afterAll(() => stop?.());

    it('pins the genesis and refuses a database of another Monero chain', async () => {
      const identity = await pinsAtFirstStart('XMR', node);
      expect(identity).toMatch(/^genesis [0-9a-f]{64}$/);
      await db.reset();
      await db.pins.pin('XMR', XMR_TESTNET);
      const mismatch = await refusedAtStart(
        'XMR',
        node,
        XMR_TESTNET,
        'XMR_DAEMON_RPC_URL and XMR_WALLET_RPC_URL',
      );
      expect(mismatch.message).toContain('point XMR_DAEMON_RPC_URL and XMR_WALLET_RPC_URL at a node');
    });
  });

  describe('Tron (two Tron labs)', () => {
    const labs: Array<Awaited<ReturnType<typeof startTronLab>>> = [];
    const reader = (i: number) =>
      tronReader(tronConfig({ TRX_RPC_URL: labs[i].url, TRX_NETWORK: 'regtest' }));

    beforeAll(async () => {
      labs.push(...(await Promise.all([startTronLab({ blockMs: 0 }), startTronLab({ blockMs: 0 })])));
    });
    afterAll(() => Promise.all(labs.map((lab) => lab.stop())));

    it("pins block 0's id and refuses a node whose block 0 differs", async () => {
      const identity = await pinsAtFirstStart('TRX', reader(0));
      expect(identity).toBe(`genesis ${labs[0].genesisBlockId}`);
      await refusedAtStart('TRX', reader(1), identity, 'TRX_RPC_URL');
    });
  });

  describe('Solana (two Solana labs)', () => {
    const labs: Array<Awaited<ReturnType<typeof startSolanaLab>>> = [];
    const reader = (i: number) =>
      solanaReader(solanaConfig({ SOL_RPC_URL: labs[i].rpcUrl, SOL_NETWORK: 'regtest' }));

    beforeAll(async () => {
      labs.push(...(await Promise.all([startSolanaLab({ slotMs: 0 }), startSolanaLab({ slotMs: 0 })])));
      await Promise.all(labs.map((lab) => lab.produceBlocks(2)));
    });
    afterAll(() => Promise.all(labs.map((lab) => lab.stop())));

    it('pins the genesis hash and refuses a node of another cluster', async () => {
      const identity = await pinsAtFirstStart('SOL', reader(0));
      expect(identity).toBe(`genesis ${labs[0].genesisHash}`);
      await refusedAtStart('SOL', reader(1), identity, 'SOL_RPC_URL');
    });
  });
});
