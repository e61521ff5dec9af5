import { bytesToHex } from '@noble/hashes/utils.js';
import {
  addressSigner,
  decodeDevnetTx,
  DevnetReader,
  DevnetRpcError,
  DevnetSender,
  encodeDevnetTx,
  type SignedTransaction,
} from '@swap/chain';
import { devnetDeposit, devnetFailPayouts, devnetMine, devnetReorg, devnetTip } from '@swap/contracts';
import { key, SEED } from '../test/chain-fixtures';
import { DevnetHarness } from '../test/devnet-harness';
import { faucetAddress } from './addresses';
import { TRANSFER_FEES } from './devnet-params';

type Reply<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };
const data = <T>(reply: Reply<T>): T => {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data;
};

// The chain adapter end to end: DevnetReader and DevnetSender over a real bus, the devnet service in-process.
describe('devnet chain adapter', () => {
  let harness: DevnetHarness;
  let reader: DevnetReader;
  let sender: DevnetSender;
  const hot = addressSigner(SEED, 'ETH', 0);

  beforeAll(async () => {
    harness = await DevnetHarness.open();
    reader = new DevnetReader(harness.bus, 'ETH');
    sender = new DevnetSender(harness.bus, 'ETH');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const deposit = async (currency: 'ETH' | 'USDTERC' | 'BTC', address: string, amount: string) =>
    data(await harness.bus.request(devnetDeposit, { currency, address, amount }, { timeoutMs: 5000 })).txid;
  const mine = async (blocks = 1, network: 'ETH' | 'BTC' = 'ETH') =>
    data(await harness.bus.request(devnetMine, { network, blocks }, { timeoutMs: 5000 }));
  const failPayouts = async (on: boolean) =>
    data(await harness.bus.request(devnetFailPayouts, { currency: 'ETH', on }, { timeoutMs: 5000 }));
  const pay = (to: string, amount: bigint, currency: 'ETH' | 'USDTERC' = 'ETH', signer = hot) =>
    sender.sign({ currency, to, amount }, signer);

  it('follows a deposit from the mempool to its block and confirmations', async () => {
    const to = key('ETH', 11).address;
    const parent = await reader.tip();
    const txid = await deposit('USDTERC', to, '12.5');

    const transfer = {
      txid,
      index: 0,
      currency: 'USDTERC',
      to,
      amount: 12_500_000n,
      from: [faucetAddress('ETH')],
    };
    expect(await reader.mempool()).toContainEqual(transfer);
    expect(await reader.transaction(txid)).toEqual({ state: 'mempool' });

    const tip = await mine();
    expect(await reader.tip()).toEqual(tip);
    const block = await reader.blockAt(tip.height);
    expect(block).toMatchObject({ height: parent.height + 1, hash: tip.hash, parentHash: parent.hash });
    expect(block!.transfers).toEqual([transfer]);
    expect(await reader.mempool()).toEqual([]);

    await mine(2);
    expect(await reader.transaction(txid)).toMatchObject({
      state: 'confirmed',
      height: tip.height,
      confirmations: 3,
    });
    expect(await reader.balance(to, 'USDTERC')).toBe(12_500_000n);
    expect(await reader.blockAt(tip.height + 100)).toBeNull();
  });

  it('signs and broadcasts a payout; the same bytes again are one transaction', async () => {
    const to = key('ETH', 12).address;
    const payout = await pay(to, 3_000_000_000n);

    expect(payout).toMatchObject({ network: 'ETH', feeCurrency: 'ETH', fee: TRANSFER_FEES.ETH, txKey: null });
    expect(await sender.estimateFee('ETH')).toBe(payout.fee);
    expect(await sender.broadcast(payout)).toEqual({ accepted: true });
    expect(await sender.broadcast(payout)).toEqual({ accepted: true });
    expect((await reader.mempool()).filter((t) => t.txid === payout.txid)).toHaveLength(1);

    await mine();
    expect(await sender.broadcast(payout)).toEqual({ accepted: true });
    expect(await reader.transaction(payout.txid)).toMatchObject({ state: 'confirmed', confirmations: 1 });
    expect(await reader.balance(to, 'ETH')).toBe(3_000_000_000n);
  });

  it('refuses a different transaction with the same nonce (double spend)', async () => {
    const first = await pay(key('ETH', 13).address, 1n);
    const rival = await pay(key('ETH', 14).address, 1n);
    expect(rival.txid).not.toBe(first.txid);

    expect(await sender.broadcast(first)).toEqual({ accepted: true });
    expect(await sender.broadcast(rival)).toEqual({
      accepted: false,
      reason: expect.stringMatching(/already used/),
    });
    await mine();
    expect(await reader.transaction(rival.txid)).toEqual({ state: 'unknown' });
  });

  it('signs a batch with consecutive nonces per address; a batch broadcast takes them in its order', async () => {
    const to = key('ETH', 19).address;
    const [a, b, c] = await sender.signBatch([
      { order: { currency: 'ETH', to, amount: 1n }, signer: hot },
      { order: { currency: 'USDTERC', to, amount: 2n }, signer: hot },
      { order: { currency: 'ETH', to, amount: 3n }, signer: hot },
    ]);
    const nonces = [a, b, c].map((tx) => decodeDevnetTx(tx.raw).nonce);
    expect(nonces).toEqual([nonces[0], nonces[0] + 1, nonces[0] + 2]);
    expect(b.fee).toBe(TRANSFER_FEES.USDTERC);

    const ahead = { accepted: false, reason: expect.stringMatching(/ahead of the account's next nonce/) };
    expect(await sender.broadcastBatch([b, a, c])).toEqual([ahead, { accepted: true }, ahead]);
    expect(await sender.broadcastBatch([a, b, c])).toEqual(Array(3).fill({ accepted: true }));
    await mine();
    expect(await reader.balance(to, 'ETH')).toBe(4n);
  });

  it('refuses a bad signature and unreadable bytes', async () => {
    const payout = await pay(key('ETH', 15).address, 1n);
    const tx = decodeDevnetTx(payout.raw);
    tx.signature[5] ^= 0xff;
    const forged: SignedTransaction = { ...payout, raw: encodeDevnetTx(tx) };

    expect(await sender.broadcast(forged)).toEqual({ accepted: false, reason: 'bad signature' });
    expect(
      await sender.broadcast({ ...payout, raw: bytesToHex(new TextEncoder().encode('{}')) }),
    ).toMatchObject({
      accepted: false,
    });
    expect(await reader.transaction(payout.txid)).toEqual({ state: 'unknown' });
  });

  it('makes payouts fail on-chain while fail-payouts is on: mined, fee charged, value not moved', async () => {
    const to = key('ETH', 16).address;
    await failPayouts(true);
    const payout = await pay(to, 5n);
    expect(await sender.broadcast(payout)).toEqual({ accepted: true });
    const before = await reader.balance(hot.address, 'ETH');
    const tip = await mine();
    await failPayouts(false);

    expect(await reader.transaction(payout.txid)).toMatchObject({
      state: 'failed',
      height: tip.height,
      confirmations: 1,
      reason: expect.stringMatching(/fail-payouts/),
    });
    expect(await reader.balance(to, 'ETH')).toBe(0n);
    expect(await reader.balance(hot.address, 'ETH')).toBe(before - payout.fee);
    expect((await reader.blockAt(tip.height))!.transfers).toEqual([]);
  });

  it('lets a token deposit be swept only once the treasury has topped up its gas', async () => {
    const holder = addressSigner(SEED, 'ETH', 17);
    await deposit('USDTERC', holder.address, '50');
    await mine();
    const sweep = await pay(hot.address, 50_000_000n, 'USDTERC', holder);
    expect(await sender.broadcast(sweep)).toEqual({
      accepted: false,
      reason: expect.stringMatching(/insufficient/),
    });

    const gas = await pay(holder.address, await sender.estimateFee('USDTERC'));
    expect(await sender.broadcast(gas)).toEqual({ accepted: true });
    await mine();
    expect(await sender.broadcast(sweep)).toEqual({ accepted: true });
    await mine();
    expect(await reader.transaction(sweep.txid)).toMatchObject({ state: 'confirmed' });
    expect(await reader.balance(holder.address, 'USDTERC')).toBe(0n);
    expect(await reader.balance(holder.address, 'ETH')).toBe(0n);
  });

  it('reorganises a deposit away', async () => {
    const txid = await deposit('ETH', key('ETH', 18).address, '1');
    const tip = await mine();
    const replaced = data(
      await harness.bus.request(devnetReorg, { network: 'ETH', depth: 1, drop: [txid] }, { timeoutMs: 5000 }),
    );

    expect(replaced.height).toBe(tip.height + 1);
    expect((await reader.blockAt(tip.height))!.hash).not.toBe(tip.hash);
    expect(await reader.transaction(txid)).toEqual({ state: 'unknown' });
  });

  it('signs Monero payouts with a transaction key', async () => {
    const xmr = new DevnetSender(harness.bus, 'XMR');
    const payout = await xmr.sign(
      { currency: 'XMR', to: key('XMR', 3).address, amount: 1n },
      addressSigner(SEED, 'XMR', 0),
    );
    expect(payout.txKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await xmr.broadcast(payout)).toEqual({ accepted: true });
  });

  it('keeps a wallet on BTC: addresses the treasury expects add their coins to the hot wallet, after a restart too', async () => {
    const btc = {
      sender: new DevnetSender(harness.bus, 'BTC'),
      reader: new DevnetReader(harness.bus, 'BTC'),
    };
    const hotBtc = key('BTC', 0).address;
    await deposit('BTC', key('BTC', 2).address, '2');
    await deposit('BTC', key('BTC', 4).address, '3');
    await mine(1, 'BTC');
    const funded = await btc.reader.balance(hotBtc, 'BTC');

    await btc.sender.expectAddresses!(3);
    expect(await btc.reader.balance(hotBtc, 'BTC')).toBe(funded + 200_000_000n);
    await harness.restart();
    await btc.sender.expectAddresses!(1);
    expect(await btc.reader.balance(hotBtc, 'BTC')).toBe(funded + 200_000_000n);
    await btc.sender.expectAddresses!(4);
    expect(await btc.reader.balance(hotBtc, 'BTC')).toBe(funded + 500_000_000n);

    // Account chains have no wallet: their deposits are swept to the hot wallet.
    expect(sender.expectAddresses).toBeUndefined();
    expect(new DevnetSender(harness.bus, 'XMR').expectAddresses).toBeDefined();
  });

  it('answers business errors as rpc errors', async () => {
    const bad = await harness.bus.request(
      devnetDeposit,
      { currency: 'ETH', address: '0x123', amount: '1' },
      { timeoutMs: 5000 },
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_ADDRESS', status: 400 } });
    const tooFine = await harness.bus.request(
      devnetDeposit,
      { currency: 'USDTERC', address: hot.address, amount: '0.0000001' },
      { timeoutMs: 5000 },
    );
    expect(tooFine).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
    await expect(reader.balance(hot.address, 'BTC')).rejects.toThrow(DevnetRpcError);
    const deep = await harness.bus.request(
      devnetReorg,
      { network: 'BTC', depth: 100, drop: [] },
      { timeoutMs: 5000 },
    );
    expect(deep).toMatchObject({ ok: false, error: { code: 'REORG_TOO_DEEP' } });
    // A client that skips the contract: the devnet answers BAD_REQUEST rather than crash.
    const raw = await harness.bus.connection.request(
      devnetTip.subject,
      new TextEncoder().encode(JSON.stringify({ network: 'DOGE' })),
      { timeout: 5000 },
    );
    expect(JSON.parse(new TextDecoder().decode(raw.data))).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    await expect(
      sender.sign({ currency: 'BTC', to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: 1n }, hot),
    ).rejects.toThrow(/not a currency of ETH/);
  });
});
