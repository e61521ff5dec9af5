import { bech32 } from '@scure/base';
import { Transaction } from 'bitcoinjs-lib';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  accountPublicKey,
  addressKey,
  depositAddress,
  extendedKeyForChain,
  mnemonicToSeed,
} from '@swap/chain-keys';
import { fundedPayer, startLitecoind, type Litecoind, type Payer } from '@swap/chain-nodes';
import { toUnits } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import {
  SenderNotReady,
  type PendingTransactions,
  type SenderKeys,
  type SignedTransaction,
} from '../chain-sender';
import { utxoConfig, utxoReader, utxoSender, type UtxoConfig, type UtxoNetwork } from './index';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** The same witness program under another bech32 prefix. */
const withPrefix = (address: string, hrp: string) =>
  bech32.encode(hrp, bech32.decode(address as `${string}1${string}`).words);
const p2wpkhOf = (address: string) =>
  '0014' + bytesToHex(bech32.fromWords(bech32.decode(address as `${string}1${string}`).words.slice(1)));
const inputsOf = (tx: SignedTransaction) =>
  Transaction.fromHex(tx.raw).ins.map(
    (input) => `${bytesToHex(input.hash.slice().reverse())}:${input.index}`,
  );

/**
 * Both adapters run against litecoind: LTC with its own parameters, BTC with Bitcoin's regtest
 * ones (bcrt1…). The node only ever sees rltc1… spellings of the same witness programs.
 */
describe.each<[UtxoNetwork, string]>([
  ['LTC', 'rltc'],
  ['BTC', 'bcrt'],
])('%s adapter against litecoind regtest', (network, hrp) => {
  const seed = mnemonicToSeed(PHRASE);
  const xpub = accountPublicKey(seed, network);
  const keys: SenderKeys = { signer: (i) => addressKey(seed, network, i, 'regtest'), accountPublic: xpub };
  const ours = (i: number) => depositAddress(network, xpub, i, { chain: 'regtest' });
  const hot = ours(0);
  const onNode = (address: string) => withPrefix(address, 'rltc');
  const stored: SignedTransaction[] = [];
  const pending: PendingTransactions = { signedFrom: async (from) => (from === hot ? stored : []) };
  let node: Litecoind;
  let payer: Payer;
  let config: UtxoConfig;
  let reader: ChainReader;
  const payerAddress = async () => withPrefix(await payer.newAddress(), hrp);
  const order = (to: string, amount: bigint) => ({ currency: network, to, amount });

  beforeAll(async () => {
    node = await startLitecoind();
    payer = await fundedPayer(node);
    const env = { RPC_URL: node.rpcUrl, NETWORK: 'regtest', ADDRESS_LOOKAHEAD: '20' };
    config = utxoConfig(
      network,
      Object.fromEntries(Object.entries(env).map(([k, v]) => [`${network}_${k}`, v])),
    );
    reader = utxoReader(network, config);
  });
  afterAll(() => node?.stop());

  it('derives the addresses litecoind derives from the tpub descriptor', async () => {
    const text = `wpkh(${extendedKeyForChain(xpub, 'regtest')}/0/*)`;
    const { checksum } = await node.rpc<{ checksum: string }>('getdescriptorinfo', [text]);
    const derived = await node.rpc<string[]>('deriveaddresses', [`${text}#${checksum}`, [0, 9]]);
    const mine = Array.from({ length: 10 }, (_, i) => ours(i));
    expect(mine.map(onNode)).toEqual(derived);
    expect(mine[0]).toMatch(new RegExp(`^${hrp}1q`));
    expect(keys.signer(3).address).toBe(mine[3]);
  });

  it('sees a deposit in the mempool at 0 confirmations, then in its block with the exact amount', async () => {
    const txid = await payer.send(onNode(ours(1)), 12_345_678n);
    const waiting = (await reader.mempool()).filter((t) => t.txid === txid && t.to === ours(1));
    // The coins it spends name it, should a fee bump or a double spend take its place.
    const { vin } = await node.rpc<{ vin: Array<{ txid: string; vout: string }> }>('getrawtransaction', [
      txid,
      true,
    ]);
    const spends = vin.map((input) => `${input.txid}:${Number(input.vout)}`);
    expect(spends.length).toBeGreaterThan(0);
    expect(waiting).toEqual([
      {
        txid,
        index: expect.any(Number),
        currency: network,
        to: ours(1),
        amount: 12_345_678n,
        from: [],
        spends,
      },
    ]);
    expect(await reader.transaction(txid)).toEqual({ state: 'mempool' });

    const [hash] = await node.mine(1);
    const tip = await reader.tip();
    const block = await reader.blockAt(tip.height);
    expect(tip.hash).toBe(hash);
    expect(block).toMatchObject({
      height: tip.height,
      hash,
      parentHash: (await reader.blockAt(tip.height - 1))?.hash,
    });
    expect(block?.transfers).toContainEqual(waiting[0]);
    expect(await reader.transaction(txid)).toMatchObject({
      state: 'confirmed',
      height: tip.height,
      blockHash: hash,
      confirmations: 1,
    });
    expect((await reader.mempool()).some((t) => t.txid === txid)).toBe(false);
    expect(await reader.blockAt(tip.height + 1)).toBeNull();
  });

  it('forgets a deposit that a reorg replaced with a double spend', async () => {
    const txid = await payer.send(onNode(ours(2)), 5_000_000n);
    const [orphan] = await node.mine(1);
    const { height } = await reader.tip();
    expect((await reader.blockAt(height))?.transfers.some((t) => t.txid === txid)).toBe(true);

    await node.rpc('invalidateblock', [orphan]);
    expect((await reader.mempool()).some((t) => t.txid === txid)).toBe(true);
    const doubleSpend = await payer.doubleSpend(txid);
    const replacing = await node.mineTransactions([doubleSpend]);
    await node.mine(1);
    const block = await reader.blockAt(height);
    expect(block?.hash).toBe(replacing);
    expect(block?.parentHash).toBe((await reader.blockAt(height - 1))?.hash);
    const tip = await reader.tip();
    for (let h = height - 1; h <= tip.height; h++)
      expect((await reader.blockAt(h))?.transfers.some((t) => t.txid === txid)).toBe(false);
    expect((await reader.mempool()).some((t) => t.txid === txid)).toBe(false);
    expect(await reader.transaction(txid)).toEqual({ state: 'unknown' });
    const replacement = Transaction.fromHex(doubleSpend).getId();
    expect(await reader.transaction(replacement)).toMatchObject({
      state: 'confirmed',
      height,
      confirmations: 2,
    });
  });

  // The sender's wallet is created here: its first import rescans from the birthday (0 on regtest)
  // and finds the deposit of the earlier test too (its balance below).
  it('pays two orders in one transaction from a deposit and the hot wallet', async () => {
    const funding = [
      await payer.send(onNode(hot), 30_000_000n),
      await payer.send(onNode(ours(3)), 25_000_000n),
    ];
    await node.mine(1);
    const sender = utxoSender(network, config, keys, pending);
    const [to1, to2] = [await payerAddress(), await payerAddress()];
    const txs = await sender.signBatch([
      { order: order(to1, 20_000_000n), signer: keys.signer(0) },
      { order: order(to2, 21_000_000n), signer: keys.signer(0) },
    ]);
    expect(new Set(txs.map((tx) => tx.raw)).size).toBe(1);
    expect(txs[0]).toMatchObject({ network, feeCurrency: network, txKey: null });
    const spent = inputsOf(txs[0]).map((outpoint) => outpoint.split(':')[0]);
    expect(spent.sort()).toEqual([...funding].sort());
    const outputs = Transaction.fromHex(txs[0].raw).outs.map((out) => [bytesToHex(out.script), out.value]);
    expect(outputs).toContainEqual([p2wpkhOf(hot), expect.any(BigInt)]);
    expect(outputs).toHaveLength(3);

    expect(await sender.broadcastBatch(txs)).toEqual([{ accepted: true }, { accepted: true }]);
    const entry = await node.rpc<{ fees: { base: string } }>('getmempoolentry', [txs[0].txid]);
    expect(txs[0].fee + txs[1].fee).toBe(toUnits(entry.fees.base, 8));
    await node.mine(1);
    expect(await payer.received(onNode(to1))).toBe(20_000_000n);
    expect(await payer.received(onNode(to2))).toBe(21_000_000n);
    expect(await reader.transaction(txs[0].txid)).toMatchObject({ state: 'confirmed', confirmations: 1 });

    const treasury = utxoReader(network, config, { wallet: true });
    const coins = await node.rpc<Array<{ amount: string }>>('listunspent', [1], config.wallet);
    expect(await treasury.balance(hot, network)).toBe(
      coins.reduce((sum, c) => sum + toUnits(c.amount, 8), 0n),
    );
    expect(await treasury.balance(ours(1), network)).toBe(12_345_678n);
    expect(await treasury.balance(ours(3), network)).toBe(0n);
    await expect(reader.balance(hot, network)).rejects.toThrow(/no wallet/);
  });

  it('after a crash between signing and broadcasting, pays each stored payout exactly once', async () => {
    const [to1, to2] = [await payerAddress(), await payerAddress()];
    const beforeCrash = utxoSender(network, config, keys, pending);
    stored.push(await beforeCrash.sign(order(to1, 7_000_000n), keys.signer(0)));

    const restarted = utxoSender(network, config, keys, pending);
    const next = await restarted.sign(order(to2, 3_000_000n), keys.signer(0));
    expect(inputsOf(next).filter((input) => inputsOf(stored[0]).includes(input))).toEqual([]);
    expect(await restarted.broadcast(stored[0])).toEqual({ accepted: true });
    expect(await restarted.broadcast(stored[0])).toEqual({ accepted: true });
    expect(await restarted.broadcast(next)).toEqual({ accepted: true });
    await node.mine(1);
    expect(await restarted.broadcast(stored[0])).toEqual({ accepted: true });
    expect(await payer.received(onNode(to1))).toBe(7_000_000n);
    expect(await payer.received(onNode(to2))).toBe(3_000_000n);
    stored.length = 0;
  });

  it('refuses for good a payout that spends what another one spent (no pending record)', async () => {
    const forgetful = utxoSender(network, config, keys, { signedFrom: async () => [] });
    const first = await forgetful.sign(order(await payerAddress(), 1_000_000n), keys.signer(0));
    const second = await forgetful.sign(order(await payerAddress(), 2_000_000n), keys.signer(0));
    expect(inputsOf(second)).toEqual(inputsOf(first));
    expect(await forgetful.broadcastBatch([first, second])).toEqual([
      { accepted: true },
      { accepted: false, reason: expect.stringMatching(/conflict|spent/) },
    ]);
    await node.mine(1);
  });

  it('two wallet readers of one process opening a new node wallet at the same moment both read it', async () => {
    const fresh = { ...config, wallet: `race-${network}` };
    const readers = [0, 1, 2].map(() => utxoReader(network, fresh, { wallet: true }));
    const balances = await Promise.all(readers.map((r) => r.balance(ours(7), network)));
    expect(balances).toEqual([0n, 0n, 0n]);
  });

  it('waits for confirmations, refuses what the wallet cannot pay, and prices a transfer', async () => {
    const sender = utxoSender(network, config, keys, pending);
    const confirmed = await utxoReader(network, config, { wallet: true }).balance(hot, network);
    await payer.send(onNode(ours(4)), 50_000_000n);
    await expect(sender.sign(order(await payerAddress(), confirmed), keys.signer(0))).rejects.toBeInstanceOf(
      SenderNotReady,
    );
    await expect(sender.sign(order(await payerAddress(), 10n ** 12n), keys.signer(0))).rejects.toThrow(
      /insufficient funds/,
    );
    const foreign = withPrefix(await payerAddress(), hrp === 'rltc' ? 'bcrt' : 'rltc');
    await expect(sender.sign(order(foreign, 1_000_000n), keys.signer(0))).rejects.toThrow(/not an address/);
    // Regtest has no fee estimate: the minimum, 1 sat/vB, for 1 input and 2 P2WPKH outputs.
    expect(await sender.estimateFee(network)).toBe(141n);
  });
});
