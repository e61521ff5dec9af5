import { bytesToHex } from '@noble/hashes/utils.js';
import { TronWeb } from 'tronweb';
import { accountPublicKey, childPrivateKey, mnemonicToSeed } from '@swap/chain-keys';
import { startTronLab, type TronLab } from '@swap/chain-nodes';
import { addressSigner } from '../address-signer';
import type { ChainReader } from '../chain-reader';
import type { ChainSender, SenderKeys } from '../chain-sender';
import { tronConfig, tronReader, tronSender, type TronConfig } from './index';

const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const TRX = 1_000_000n;
const USDT = 1_000_000n;
const SOLID_DEPTH = 3;

/**
 * The production Tron adapter over HTTP against the Tron lab: java-tron's HTTP API, refusing what
 * mainnet refuses and charging bandwidth and energy as mainnet does, TRC-20 calls run on anvil.
 */
describe('Tron adapter on the Tron lab', () => {
  let lab: TronLab;
  let config: TronConfig;
  let reader: ChainReader;
  let sender: ChainSender;
  const keys: SenderKeys = {
    signer: (index) => addressSigner(SEED, 'TRX', index),
    accountPublic: accountPublicKey(SEED, 'TRX'),
  };
  const hot = keys.signer(0);
  const settings = (extra: Record<string, string> = {}) => ({
    TRX_RPC_URL: lab.url,
    TRX_NETWORK: 'regtest',
    USDTTRC_CONTRACT: lab.usdt.address,
    TRX_TX_EXPIRATION_SECONDS: '30',
    ...extra,
  });

  beforeAll(async () => {
    lab = await startTronLab({ blockMs: 0, solidDepth: SOLID_DEPTH });
    config = tronConfig(settings());
    reader = tronReader(config);
    sender = tronSender(config, keys);
    await lab.fund(hot.address, 100_000n * TRX);
    await lab.mintUsdt(hot.address, 1_000_000n * USDT);
  });
  afterAll(() => lab?.stop());

  /** Finds `txid`'s transfers in the blocks from `from` to the tip. */
  async function minedTransfers(from: number, txid: string) {
    const tip = await reader.tip();
    for (let height = from; height <= tip.height; height++) {
      const found = (await reader.blockAt(height))?.transfers.filter((t) => t.txid === txid) ?? [];
      if (found.length > 0) return { height, found };
    }
    return { height: -1, found: [] };
  }

  it('checks the chain and the token first, naming the variable to fix', async () => {
    await expect(reader.verify?.()).resolves.toBeUndefined();
    const mainnet = tronReader(tronConfig({ ...settings(), TRX_NETWORK: 'mainnet' }));
    await expect(mainnet.verify?.()).rejects.toThrow(/TRX_NETWORK asks for 00000000000000001ebf/);
    const noToken = tronReader(tronConfig(settings({ USDTTRC_CONTRACT: lab.newAccount().address })));
    await expect(noToken.verify?.()).rejects.toThrow(/USDTTRC_CONTRACT .* is not a 6-decimal token/);
  });

  it('finds a TRX deposit pending, then in its block; a failed token call moves nothing', async () => {
    const customer = lab.newAccount();
    await lab.fund(customer.address, 500n * TRX);
    const deposit = keys.signer(11).address;
    const before = await reader.tip();
    // Sent and not mined yet (the lab's own helpers mine at once): the node's pending pool shows it.
    const tx = await sender.sign({ currency: 'TRX', to: deposit, amount: 150n * TRX }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    const sighting = {
      txid: tx.txid,
      index: 0,
      currency: 'TRX',
      to: deposit,
      amount: 150n * TRX,
      from: [hot.address],
    };
    expect(await reader.mempool()).toEqual([sighting]);
    await lab.produceBlock();
    expect((await minedTransfers(before.height + 1, tx.txid)).found).toEqual([sighting]);
    expect(await reader.mempool()).toEqual([]);
    expect(await reader.balance(deposit, 'TRX')).toBe(150n * TRX);

    // A transfer of more tokens than held reverts: mined, fee charged, no deposit.
    const reverted = lab.transferUsdt(customer, deposit, 5n * USDT);
    await lab.produceBlock();
    expect((await minedTransfers(before.height + 1, await reverted)).found).toEqual([]);
  });

  it('finds a USDT TRC-20 deposit from its Transfer event, and a fork that drops it', async () => {
    const customer = lab.newAccount();
    await lab.fund(customer.address, 200n * TRX);
    await lab.mintUsdt(customer.address, 100n * USDT);
    const deposit = keys.signer(12).address;
    const before = await reader.tip();
    const paying = lab.transferUsdt(customer, deposit, 40n * USDT);
    await lab.produceBlock();
    const txid = await paying;
    const { height, found } = await minedTransfers(before.height + 1, txid);
    expect(found).toEqual([
      { txid, index: 1, currency: 'USDTTRC', to: deposit, amount: 40n * USDT, from: [customer.address] },
    ]);
    const mined = await reader.blockAt(height);
    await lab.rollback({ depth: (await reader.tip()).height - height + 1, drop: [txid] });
    const replaced = await reader.blockAt(height);
    expect(replaced?.hash).not.toBe(mined?.hash);
    expect(replaced?.transfers).toEqual([]);
    expect(await reader.balance(deposit, 'USDTTRC')).toBe(0n);
  });

  it('pays TRX to a new account: the creation fee signed for, what the chain charged read back', async () => {
    const to = lab.newAccount().address;
    const tx = await sender.sign({ currency: 'TRX', to, amount: 250n * TRX }, hot);
    // 1 TRX to create the account, 0.1 TRX for its bandwidth (no staked bandwidth).
    expect(tx).toMatchObject({ network: 'TRX', fee: 1_100_000n, feeCurrency: 'TRX' });
    expect(tx.validUntil).toEqual(expect.any(Number));
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(await reader.transaction(tx.txid)).toEqual({ state: 'mempool' });
    await lab.produceBlocks(SOLID_DEPTH);
    expect(await reader.transaction(tx.txid)).toMatchObject({ state: 'confirmed', fee: 1_100_000n });
    expect(lab.trxBalance(to)).toBe(250n * TRX);
    expect(lab.mined().filter((m) => m.txID === tx.txid)).toHaveLength(1);
  });

  it('pays USDT with a fee limit from the energy estimate, and books what was burnt', async () => {
    const to = lab.newAccount().address;
    const tx = await sender.sign({ currency: 'USDTTRC', to, amount: 75n * USDT }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlock();
    const status = await reader.transaction(tx.txid);
    expect(status).toMatchObject({ state: 'confirmed' });
    const paid = status.state === 'confirmed' ? (status.fee ?? 0n) : 0n;
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(tx.fee);
    expect(await lab.usdtBalance(to)).toBe(75n * USDT);
  });

  it('lends a deposit address the energy of staked TRX for its token sweep, and takes it back', async () => {
    const deposit = keys.signer(13);
    const lend = { currency: 'TRX' as const, to: deposit.address, amount: 20_000n * TRX };
    // Without stake the node refuses to lend: the refusal names why.
    await lab.fund(deposit.address, 1n);
    const refused = await sender.sign({ ...lend, action: 'lend-energy' }, hot);
    expect(await sender.broadcast(refused)).toMatchObject({
      accepted: false,
      reason: /CONTRACT_VALIDATE_ERROR/,
    });

    const hotKey = {
      address: hot.address,
      hexAddress: TronWeb.address.toHex(hot.address),
      privateKey: bytesToHex(childPrivateKey(SEED, 'TRX', 0)),
    };
    await lab.stake(hotKey, 50_000n * TRX, 'ENERGY');
    await lab.mintUsdt(deposit.address, 30n * USDT);
    const lending = await sender.sign({ ...lend, action: 'lend-energy' }, hot);
    expect(lending.fee).toBeLessThan(1n * TRX); // bandwidth only: no energy, no creation
    expect(await sender.broadcast(lending)).toEqual({ accepted: true });
    await lab.produceBlock();

    // The sweep: the deposit address pays with lent energy, and burns no TRX for it.
    const sweep = await sender.sign({ currency: 'USDTTRC', to: hot.address, amount: 30n * USDT }, deposit);
    expect(await sender.broadcast(sweep)).toEqual({ accepted: true });
    await lab.produceBlock();
    const mined = lab.mined().find((m) => m.txID === sweep.txid);
    expect(mined).toMatchObject({ result: 'SUCCESS', energyFee: 0 });
    expect(mined?.energyFromStake).toBeGreaterThan(0);

    const reclaim = await sender.sign({ ...lend, action: 'reclaim-energy' }, hot);
    expect(await sender.broadcast(reclaim)).toEqual({ accepted: true });
    await lab.produceBlock();
    expect(lab.mined().find((m) => m.txID === reclaim.txid)).toMatchObject({ result: 'SUCCESS' });
  });

  it('a lost transaction is proven never to land once the solidified chain is past its expiration', async () => {
    const to = lab.newAccount().address;
    lab.loseTransactions(1);
    const tx = await sender.sign({ currency: 'TRX', to, amount: 5n * TRX }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlock();
    expect(await reader.transaction(tx.txid)).toEqual({ state: 'unknown' });
    expect(await reader.neverLands?.(tx)).toBeNull();

    await lab.produceBlock({ skipSlots: 12 });
    expect(await sender.broadcast(tx)).toMatchObject({ accepted: false, expired: true });
    await lab.produceBlocks(SOLID_DEPTH + 1);
    expect(await reader.neverLands?.(tx)).toMatch(/is past the expiration .* and holds no/);
    expect(lab.trxBalance(to)).toBe(0n);
  });

  it('bytes that landed are accepted when sent again past their expiration, which the node checks first', async () => {
    const to = lab.newAccount().address;
    const tx = await sender.sign({ currency: 'TRX', to, amount: 7n * TRX }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlock();
    await lab.produceBlock({ skipSlots: 12 });
    await lab.produceBlocks(SOLID_DEPTH + 1);
    expect(await reader.transaction(tx.txid)).toMatchObject({ state: 'confirmed' });
    // The node says TRANSACTION_EXPIRATION_ERROR, not DUP_TRANSACTION_ERROR, and no proof comes.
    expect(await reader.neverLands?.(tx)).toBeNull();
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(lab.trxBalance(to)).toBe(7n * TRX);
  });
});
