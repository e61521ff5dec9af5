import { bytesToHex } from '@noble/hashes/utils.js';
import {
  accountPublicKey,
  addressKey,
  depositAddress,
  mnemonicToSeed,
  moneroAccount,
  moneroAddress,
  parseMoneroAccountPublic,
} from '@swap/chain-keys';
import { MoneroCustomer, startMonero, type MoneroNodes } from '@swap/chain-nodes';
import type { ChainReader, ChainTransfer } from '../chain-reader';
import { SenderNotReady, type ChainSender, type SenderKeys, type SigningItem } from '../chain-sender';
import { moneroReader, moneroSender, moneroViewWallet, type MoneroConfig } from './index';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** The payer's wallet: any other keys, known before its wallet-rpc has restored them. */
const PAYER_PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const XMR = 1_000_000_000_000n;
const PAYER = 0;
const WATCHER = 1;
const TREASURY = 2;
const WATCHER_LOGIN = { user: 'watcher', password: 'not-a-real-secret' };

interface Transfer {
  txid: string;
  amount: string;
  subaddr_index: { minor: string };
}

describe('Monero adapter against a regtest monerod', () => {
  let nodes: MoneroNodes;
  let keys: SenderKeys;
  let accountPublic: string;
  let watcher: ChainReader;
  let treasury: ChainReader;
  let sender: ChainSender;
  let payerAddress: string;
  let hotWallet: string;

  const config = (wallet: number, url = ''): MoneroConfig => ({
    daemonUrl: nodes.daemonUrl,
    walletUrl: url || nodes.walletUrls[wallet],
    chain: 'regtest',
    walletPassword: '',
    restoreHeight: 0,
    subaddressLookahead: 20,
  });
  const withLogin = (url: string, password: string) =>
    url.replace('http://', `http://${WATCHER_LOGIN.user}:${password}@`);
  const deposit = (index: number) => depositAddress('XMR', accountPublic, index, { chain: 'regtest' });
  const payout = (to: string, amount: bigint): SigningItem => ({
    order: { currency: 'XMR', to, amount },
    signer: keys.signer(0),
  });
  /** The payer wallet's incoming transfers of `txid`, once it has seen the latest blocks. */
  const payerReceived = async (txid: string): Promise<Transfer[]> => {
    await nodes.walletRpc(PAYER, 'refresh');
    const { in: incoming = [] } = await nodes.walletRpc<{ in?: Transfer[] }>(PAYER, 'get_transfers', {
      in: true,
    });
    return incoming.filter((t) => t.txid === txid);
  };

  /** The secret keys and the primary address of the wallet of `phrase`, as generate_from_keys takes them. */
  const walletOf = async (phrase: string) => {
    const seed = await mnemonicToSeed(phrase);
    const account = moneroAccount(seed);
    return {
      seed,
      accountPublic: accountPublicKey(seed, 'XMR'),
      address: moneroAddress(parseMoneroAccountPublic(accountPublicKey(seed, 'XMR')), 0, 'regtest'),
      spendKey: bytesToHex(account.spendSecret),
      viewKey: bytesToHex(account.viewSecret),
    };
  };

  beforeAll(async () => {
    const ours = await walletOf(PHRASE);
    const payer = await walletOf(PAYER_PHRASE);
    ({ accountPublic, address: hotWallet } = ours);
    payerAddress = payer.address;
    keys = {
      signer: (index) => addressKey(ours.seed, 'XMR', index, 'regtest'),
      accountPublic,
      moneroWallet: () => ({ address: ours.address, spendKey: ours.spendKey, viewKey: ours.viewKey }),
    };
    const login = `${WATCHER_LOGIN.user}:${WATCHER_LOGIN.password}`;
    nodes = await startMonero({ wallets: 3, walletLogins: [undefined, login, undefined] });
    const watcherUrl = withLogin(nodes.walletUrls[WATCHER], WATCHER_LOGIN.password);
    watcher = moneroReader(config(WATCHER, watcherUrl), moneroViewWallet(accountPublic, 'regtest'));
    treasury = moneroReader(config(TREASURY), keys.moneroWallet!());
    sender = moneroSender(config(TREASURY), keys);

    // Restoring the three wallets (seconds each) overlaps with mining.
    const restored = Promise.all([
      watcher.expectAddresses!(5),
      sender.expectAddresses!(5),
      MoneroCustomer.fromKeys(nodes, PAYER, payer),
    ]);
    // Ring members must be unlocked: the payer's 16 coinbases unlock as the treasury's are mined.
    await nodes.mine(16, payerAddress);
    await nodes.mine(60, hotWallet);
    const [, , payerWallet] = await restored;
    // The payer's fan-out takes the chain past the decoy counts a wallet cannot draw from.
    await payerWallet.spreadDecoys(async () => {
      await nodes.mine(11, payerAddress);
    });
    // RandomX's first block, three wallet restores and 87 blocks: 20–40 s on 2 busy cores.
  }, 120_000);

  afterAll(async () => {
    await nodes?.stop();
  });

  it('restores the wallet from our keys with the subaddresses depositAddress derives', async () => {
    const { addresses } = await nodes.walletRpc<{ addresses: Array<{ address: string }> }>(
      TREASURY,
      'get_address',
      { account_index: 0, address_index: [0, 1, 2, 3, 4, 5] },
    );
    expect(addresses.map((a) => a.address)).toEqual([0, 1, 2, 3, 4, 5].map(deposit));
    expect(deposit(0)).toBe(hotWallet);
    // And the lookahead beyond the highest index handed out.
    await expect(
      nodes.walletRpc(TREASURY, 'get_address', { account_index: 0, address_index: [5 + 20] }),
    ).resolves.toBeDefined();
  });

  it('refuses while the funds are locked, and says so when they are short outright', async () => {
    // A few of the treasury's 60 coinbases (~17.6 XMR each) are unlocked at most, ~1000 XMR in all.
    await expect(sender.signBatch([payout(payerAddress, 500n * XMR)])).rejects.toThrow(SenderNotReady);
    await expect(sender.signBatch([payout(payerAddress, 100_000n * XMR)])).rejects.toThrow(
      /^insufficient funds: the wallet holds \d+ piconero/,
    );
  });

  let depositTxid: string;
  let depositHeight: number;

  it("sees a deposit in the view-only watcher's mempool, then in its block with growing confirmations", async () => {
    const to = deposit(3);
    const { tx_hash } = await nodes.walletRpc<{ tx_hash: string }>(PAYER, 'transfer', {
      destinations: [{ address: to, amount: 1_500_000_000_000 }],
    });
    depositTxid = tx_hash;
    const expected: ChainTransfer = {
      txid: tx_hash,
      index: 3,
      currency: 'XMR',
      to,
      amount: 1_500_000_000_000n,
      from: [],
    };
    expect(await watcher.mempool()).toContainEqual(expected);
    expect(await watcher.transaction(tx_hash)).toEqual({ state: 'mempool' });

    depositHeight = await nodes.mine(1, payerAddress);
    const tip = await watcher.tip();
    expect(tip.height).toBe(depositHeight);
    const block = await watcher.blockAt(depositHeight);
    expect(block).toMatchObject({ height: depositHeight, hash: tip.hash });
    expect(block?.transfers).toEqual([expected]);
    expect(await watcher.blockAt(depositHeight + 1)).toBeNull();
    expect(await watcher.mempool()).not.toContainEqual(expected);
    expect(await watcher.transaction(tx_hash)).toMatchObject({
      state: 'confirmed',
      height: depositHeight,
      confirmations: 1,
    });

    await nodes.mine(2, payerAddress);
    expect(await watcher.transaction(tx_hash)).toMatchObject({
      state: 'confirmed',
      height: depositHeight,
      blockHash: tip.hash,
      confirmations: 3,
    });
    expect((await watcher.blockAt(depositHeight))?.transfers).toEqual([expected]);
    // Its parent is the block below, as the daemon chains them.
    const parent = await watcher.blockAt(depositHeight - 1);
    expect(block?.parentHash).toBe(parent?.hash);
  });

  it('drops the deposit after a reorg: in no block and not in the pool', async () => {
    await nodes.reorg(3);
    const tip = await nodes.mine(4, payerAddress);
    for (let height = depositHeight - 1; height <= tip; height++) {
      const block = await watcher.blockAt(height);
      expect(block?.height).toBe(height);
      expect(block?.transfers.map((t) => t.txid)).not.toContain(depositTxid);
    }
    expect((await watcher.mempool()).map((t) => t.txid)).not.toContain(depositTxid);
    expect(await watcher.transaction(depositTxid)).toEqual({ state: 'unknown' });
  });

  it('pays out from the treasury in one transaction the payer can prove with the tx key', async () => {
    const { address: payerSub } = await nodes.walletRpc<{ address: string }>(PAYER, 'create_address', {
      account_index: 0,
    });
    const signed = await sender.signBatch([
      payout(payerAddress, 1_250_000_000_000n),
      payout(payerSub, 750_000_000_000n),
    ]);
    expect(signed).toHaveLength(2);
    const [first, second] = signed;
    expect(second.txid).toBe(first.txid);
    expect(second.raw).toBe(first.raw);
    expect(first.fee + second.fee).toBeGreaterThan(0n);
    expect(first.fee - second.fee).toBeLessThanOrEqual(1n);
    expect(first.feeCurrency).toBe('XMR');
    expect(first.txKey).toMatch(/^([0-9a-f]{64})+$/);
    expect(await treasury.transaction(first.txid)).toEqual({ state: 'unknown' });

    expect(await sender.broadcastBatch(signed)).toEqual([{ accepted: true }, { accepted: true }]);
    expect(await treasury.transaction(first.txid)).toEqual({ state: 'mempool' });
    await nodes.mine(1, payerAddress);

    const received = await payerReceived(first.txid);
    expect(received.map((t) => [t.subaddr_index.minor, t.amount]).sort()).toEqual([
      ['0', '1250000000000'],
      ['1', '750000000000'],
    ]);
    for (const [address, amount] of [
      [payerAddress, '1250000000000'],
      [payerSub, '750000000000'],
    ]) {
      const proof = await nodes.walletRpc<{ received: string; in_pool: boolean }>(PAYER, 'check_tx_key', {
        txid: first.txid,
        tx_key: first.txKey,
        address,
      });
      expect(proof).toMatchObject({ received: amount, in_pool: false });
    }
    expect(await treasury.transaction(first.txid)).toMatchObject({ state: 'confirmed', confirmations: 1 });
  });

  it('re-broadcasts the stored bytes after a crash: a new sender, twice, pays once', async () => {
    const [tx] = await sender.signBatch([payout(payerAddress, 2n * XMR)]);
    // The process dies here; another one reads the stored transaction back.
    const restarted = moneroSender(config(TREASURY), keys);
    expect(await restarted.broadcast(tx)).toEqual({ accepted: true });
    expect(await restarted.broadcast(tx)).toEqual({ accepted: true });
    await nodes.mine(1, payerAddress);
    expect(await restarted.broadcast(tx)).toEqual({ accepted: true });

    const received = await payerReceived(tx.txid);
    expect(received.map((t) => t.amount)).toEqual(['2000000000000']);
    // A 2-output payout: the estimate is of that size.
    const estimate = await restarted.estimateFee('XMR');
    expect(estimate).toBeGreaterThanOrEqual(tx.fee);
    expect(estimate).toBeLessThan(2n * tx.fee);
  });

  it('refuses a transaction spending outputs another one already spent', async () => {
    const { unlocked_balance } = await nodes.walletRpc<{ unlocked_balance: string }>(
      TREASURY,
      'get_balance',
      {
        account_index: 0,
      },
    );
    // Each takes more than half of what is unlocked: signed before either is relayed, they must share an input.
    const amount = (BigInt(unlocked_balance) * 6n) / 10n;
    const [tx] = await sender.signBatch([payout(payerAddress, amount)]);
    const [twin] = await sender.signBatch([payout(payerAddress, amount)]);
    expect(twin.txid).not.toBe(tx.txid);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(await sender.broadcast(twin)).toEqual({
      accepted: false,
      reason: expect.stringContaining('double_spend'),
    });
  });

  it("reports the treasury's unlocked balance and a deposit subaddress's", async () => {
    const { unlocked_balance } = await nodes.walletRpc<{ unlocked_balance: string }>(
      TREASURY,
      'get_balance',
      {
        account_index: 0,
      },
    );
    expect(await treasury.balance(hotWallet, 'XMR')).toBe(BigInt(unlocked_balance));
    expect(await treasury.balance(deposit(4), 'XMR')).toBe(0n);
    await expect(treasury.balance(payerAddress, 'XMR')).rejects.toThrow(/not an address of wallet/);
  });

  /**
   * Mines until the daemon has `txid` in a block, and returns that block's height: on a busy
   * machine the transaction may reach the pool only after the first block is made.
   */
  async function minedAt(txid: string): Promise<number> {
    for (let round = 0; round < 10; round++) {
      await nodes.mine(1, payerAddress);
      const { txs } = await nodes.daemonPost<{ txs?: Array<{ in_pool: boolean; block_height: string }> }>(
        '/get_transactions',
        { txs_hashes: [txid] },
      );
      const tx = txs?.[0];
      if (tx && !tx.in_pool) return Number(tx.block_height);
    }
    throw new Error(`${txid} was not mined`);
  }

  it("restores a wallet that sees earlier deposits to subaddresses beyond the wallet-rpc's own lookahead", async () => {
    // wallet2 recognises 200 subaddresses past the last one created; 450 is beyond that.
    const to = deposit(450);
    const { tx_hash } = await nodes.walletRpc<{ tx_hash: string }>(PAYER, 'transfer', {
      destinations: [{ address: to, amount: 700_000_000_000n }],
    });
    const height = await minedAt(tx_hash);
    const url = withLogin(nodes.walletUrls[WATCHER], WATCHER_LOGIN.password);
    const restored = moneroReader(
      { ...config(WATCHER, url), walletName: 'restored-view', subaddressLookahead: 500 },
      moneroViewWallet(accountPublic, 'regtest'),
    );

    const block = await restored.blockAt(height);

    expect(block?.transfers).toContainEqual({
      txid: tx_hash,
      index: 450,
      currency: 'XMR',
      to,
      amount: 700_000_000_000n,
      from: [],
    });
  });

  it('never shows the wallet-rpc password, even when it is wrong', async () => {
    const wrong = 'wrong-password-123';
    const url = withLogin(nodes.walletUrls[WATCHER], wrong);
    const reader = moneroReader(config(WATCHER, url), moneroViewWallet(accountPublic, 'regtest'));
    const failure = await reader.mempool().then(
      () => new Error('no failure'),
      (err: Error) => err,
    );
    expect(failure.message).toMatch(/refused the request: check the credentials/);
    expect(failure.message).not.toContain(wrong);
    expect(failure.message).not.toContain(WATCHER_LOGIN.user);
  });
});
