import { devnetTxid, type BlockRef, type ChainBlock, type DevnetSignedTx, type TxStatus } from '@swap/chain';
import {
  emptyChange,
  type DevnetBlockRecord,
  type DevnetChange,
  type DevnetTxRecord,
} from '@swap/devnet-data';
import { isDevnetWalletNetwork } from '@swap/contracts';
import type { CurrencyCode, Network } from '@swap/domain';
import { canonicalAddress, faucetAddress } from './addresses';
import { chainBlock, transferOf } from './chain-views';
import { MAX_REORG_DEPTH, RECENT_BLOCKS, TRANSFER_FEES } from './devnet-params';
import { RecentBlocks } from './recent-blocks';
import { DevnetError, TxRefused } from './devnet-error';
import { checkFunds } from './funds';
import { Ledger } from './ledger';
import { settle } from './settle';
import { checkSignedTx } from './tx-checks';
import { blockHash, newTxRecord, unmined, type NewTx } from './tx-records';

export interface DevnetChainParams {
  network: Network;
  /** The network's hot wallet (canonical): the sender whose payouts fail-payouts makes fail. */
  hotWallet: string;
  /** UNIX seconds. */
  /** UNIX seconds, as block times are: not the millisecond Clock of the services. */
  unixSeconds: () => number;
}

/** A result and what producing it changed, for the caller to persist. */
export interface Changed<T> {
  result: T;
  change: DevnetChange;
}

const GENESIS_PARENT = '0'.repeat(64);

/**
 * One simulated chain, in memory and pure: an account model with per-address nonces, a mempool,
 * blocks, native-coin fees paid by senders, failed transactions and reorganisations. Operations
 * check everything before they change anything, and return the change to persist. Only the newest
 * RECENT_BLOCKS blocks are kept here; older ones are read from the database.
 */
export class DevnetChain {
  private readonly ledger = new Ledger();
  private readonly txs = new Map<string, DevnetTxRecord>();
  private mempoolIds: string[] = [];
  /** The signed transactions of the mempool by sender, in mempool order: nonces and funds ask per sender. */
  private readonly queued = new Map<string, DevnetTxRecord[]>();
  private recent = new RecentBlocks(RECENT_BLOCKS);
  private nextSeq = 0;

  private constructor(private readonly params: DevnetChainParams) {
    if (isDevnetWalletNetwork(params.network)) this.joinWallet([params.hotWallet]);
  }

  get network(): Network {
    return this.params.network;
  }

  get hotWallet(): string {
    return this.params.hotWallet;
  }

  /** A new chain whose block 0 funds the hot wallet. */
  static genesis(
    params: DevnetChainParams,
    funding: ReadonlyArray<[CurrencyCode, bigint]>,
  ): Changed<DevnetChain> {
    const chain = new DevnetChain(params);
    const change = emptyChange(params.network);
    const txs = funding
      .filter(([, amount]) => amount > 0n)
      .map(([currency, amount]) =>
        chain.newTx({ kind: 'genesis', from: '', to: params.hotWallet, currency, amount }),
      );
    for (const tx of txs) chain.txs.set(tx.txid, tx);
    chain.mineBlock(txs, new Set(), change);
    return { result: chain, change };
  }

  /** The chain as persisted: its recent blocks (oldest first) and every transaction (by seq). */
  static restore(params: DevnetChainParams, blocks: DevnetBlockRecord[], txs: DevnetTxRecord[]): DevnetChain {
    const chain = new DevnetChain(params);
    const mined = txs.filter((tx) => tx.height !== null);
    mined.sort((a, b) => a.height! - b.height! || a.position! - b.position!);
    const byHeight = new Map<number, string[]>();
    for (const tx of mined) {
      chain.ledger.apply(tx);
      byHeight.set(tx.height!, [...(byHeight.get(tx.height!) ?? []), tx.txid]);
    }
    for (const tx of txs) chain.txs.set(tx.txid, tx);
    chain.mempoolIds = txs.filter((tx) => tx.state === 'pending').map((tx) => tx.txid);
    for (const txid of chain.mempoolIds) chain.index(chain.txs.get(txid)!);
    const recent = blocks.map((record) => ({ record, txids: byHeight.get(record.height) ?? [] }));
    chain.recent = new RecentBlocks(RECENT_BLOCKS, recent);
    chain.nextSeq = txs.reduce((max, tx) => Math.max(max, tx.seq + 1), 0);
    return chain;
  }

  // --- reads -------------------------------------------------------------------------------------

  tip(): BlockRef {
    const { height, hash } = this.recent.tip;
    return { height, hash };
  }

  /** A block kept in memory; undefined when it is older (or above the tip). */
  recentBlock(height: number): ChainBlock | undefined {
    const block = this.recent.at(height);
    return (
      block &&
      chainBlock(
        block.record,
        block.txids.map((txid) => this.txs.get(txid)!),
      )
    );
  }

  mempool() {
    return this.mempoolIds.map((txid) => transferOf(this.txs.get(txid)!));
  }

  status(txid: string): TxStatus {
    const tx = this.txs.get(txid);
    if (!tx) return { state: 'unknown' };
    if (tx.state === 'pending') return { state: 'mempool' };
    const mined = {
      height: tx.height!,
      blockHash: tx.blockHash!,
      confirmations: this.recent.tip.height - tx.height! + 1,
      time: tx.blockTime!,
    };
    if (tx.state === 'failed') return { state: 'failed', ...mined, reason: tx.reason ?? 'failed' };
    return { state: 'confirmed', ...mined };
  }

  /** Confirmed balance of a valid address. */
  balance(address: string, currency: CurrencyCode): bigint {
    return this.ledger.balance(canonicalAddress(this.network, address), currency);
  }

  /** The nonce the address's next transaction must carry: after its transactions in the mempool. */
  nextNonce(address: string): number {
    const from = canonicalAddress(this.network, address);
    return this.ledger.nonce(from) + this.queuedFrom(from).length;
  }

  fee(currency: CurrencyCode): bigint {
    return TRANSFER_FEES[currency];
  }

  /** How many addresses of the account the wallet holds: the next one joining has this index. */
  get walletSize(): number {
    return this.ledger.walletSize;
  }

  // --- wallet (BTC, LTC, XMR) --------------------------------------------------------------------

  /**
   * The account's next addresses, in index order, join the wallet (as addresses imported into a
   * node's wallet): what they hold and receive, the hot wallet can spend. Kept by the caller.
   */
  joinWallet(addresses: readonly string[]): void {
    for (const address of addresses) this.ledger.join(canonicalAddress(this.network, address));
  }

  // --- operations --------------------------------------------------------------------------------

  /** Checks and queues a signed transaction; the same transaction again is already known. */
  submit(signed: DevnetSignedTx, raw: string): Changed<{ txid: string; known: boolean }> {
    const txid = devnetTxid(signed);
    const change = emptyChange(this.network);
    if (this.txs.has(txid)) return { result: { txid, known: true }, change };
    checkSignedTx(signed);
    const from = canonicalAddress(this.network, signed.from);
    const expected = this.nextNonce(from);
    if (signed.nonce < expected) throw new TxRefused(`nonce ${signed.nonce} is already used (double spend)`);
    if (signed.nonce > expected) {
      throw new TxRefused(`nonce ${signed.nonce} is ahead of the account's next nonce ${expected}`);
    }
    if (signed.fee < this.fee(signed.currency)) throw new TxRefused('the fee is below the network fee');
    checkFunds(this.ledger, from, this.spendingWith(from), signed);
    const { currency, amount, nonce, fee } = signed;
    const to = canonicalAddress(this.network, signed.to);
    this.queue(
      this.newTx({ kind: 'signed', from, to, currency, amount, signed: { txid, nonce, fee, raw } }),
      change,
    );
    return { result: { txid, known: false }, change };
  }

  /** A deposit from the faucet, a wallet outside the system, into the mempool. */
  deposit(currency: CurrencyCode, to: string, amount: bigint): Changed<string> {
    const change = emptyChange(this.network);
    const from = faucetAddress(this.network);
    const tx = this.newTx({ kind: 'faucet', from, to: canonicalAddress(this.network, to), currency, amount });
    this.queue(tx, change);
    return { result: tx.txid, change };
  }

  /** Mines `count` blocks; the first takes the whole mempool. */
  mine(count: number, failing: ReadonlySet<CurrencyCode>): Changed<BlockRef> {
    const change = emptyChange(this.network);
    for (let i = 0; i < count; i++) {
      const txs = this.mempoolIds.map((txid) => this.txs.get(txid)!);
      this.mempoolIds = [];
      this.queued.clear();
      this.mineBlock(txs, failing, change);
    }
    return { result: this.tip(), change };
  }

  /**
   * Replaces the top `depth` blocks by `depth + 1` new ones holding the same transactions except
   * `drop`, which vanish from the chain and the mempool, with any later transaction of the same
   * sender whose nonce they made valid. With depth 0 it only evicts `drop` from the mempool.
   */
  reorg(depth: number, drop: readonly string[], failing: ReadonlySet<CurrencyCode>): Changed<BlockRef> {
    const tip = this.recent.tip.height;
    const deepest = Math.min(tip, MAX_REORG_DEPTH);
    if (depth > deepest) {
      throw new DevnetError(
        'REORG_TOO_DEEP',
        `a reorg of ${this.network} replaces at most ${deepest} blocks now`,
      );
    }
    const removed = this.recent.top(depth);
    const reachable = new Set([...removed.flatMap((block) => block.txids), ...this.mempoolIds]);
    const missing = drop.find((txid) => !reachable.has(txid));
    if (missing !== undefined) {
      const where = `the top ${depth} blocks or the mempool of ${this.network}`;
      throw new DevnetError('UNKNOWN_TRANSACTION', `transaction ${missing} is not in ${where}`, 404);
    }
    const change = emptyChange(this.network);
    const dropped = new Set(drop);
    if (depth > 0) {
      change.truncateAbove = tip - depth;
      this.recent.pop(depth);
      for (const txid of removed.flatMap((block) => block.txids).reverse())
        this.ledger.undo(this.txs.get(txid)!);
      for (const block of removed) {
        const kept = block.txids.filter((txid) => !dropped.has(txid));
        this.mineBlock(
          kept.map((txid) => unmined(this.txs.get(txid)!)),
          failing,
          change,
        );
      }
      this.mineBlock([], failing, change);
    }
    for (const txid of dropped) this.forget(txid, change);
    this.evictOutOfOrder(change);
    return { result: this.tip(), change };
  }

  // --- internals ---------------------------------------------------------------------------------

  private queuedFrom(from: string): DevnetTxRecord[] {
    return this.queued.get(from) ?? [];
  }

  /** Queued transactions spending the same coins as `from`'s next one: its wallet's, or its own. */
  private spendingWith(from: string): DevnetTxRecord[] {
    if (!this.ledger.inWallet(from)) return this.queuedFrom(from);
    return [...this.queued].flatMap(([sender, txs]) => (this.ledger.inWallet(sender) ? txs : []));
  }

  private index(tx: DevnetTxRecord): void {
    if (tx.kind !== 'signed') return;
    const list = this.queued.get(tx.from);
    if (list) list.push(tx);
    else this.queued.set(tx.from, [tx]);
  }

  private newTx(tx: Omit<NewTx, 'network' | 'seq'>): DevnetTxRecord {
    return newTxRecord({ ...tx, network: this.network, seq: this.nextSeq++ });
  }

  private queue(tx: DevnetTxRecord, change: DevnetChange): void {
    this.txs.set(tx.txid, tx);
    this.mempoolIds.push(tx.txid);
    this.index(tx);
    change.txs.push(tx);
  }

  private forget(txid: string, change: DevnetChange): void {
    const tx = this.txs.get(txid);
    const list = tx && this.queued.get(tx.from);
    if (list) {
      const kept = list.filter((queued) => queued.txid !== txid);
      if (kept.length > 0) this.queued.set(tx.from, kept);
      else this.queued.delete(tx.from);
    }
    this.txs.delete(txid);
    this.mempoolIds = this.mempoolIds.filter((id) => id !== txid);
    change.dropped.push(txid);
  }

  /** Queued transactions whose nonce no longer follows their sender's (a predecessor vanished). */
  private evictOutOfOrder(change: DevnetChange): void {
    const next = new Map<string, number>();
    for (const tx of this.mempoolIds.map((txid) => this.txs.get(txid)!)) {
      if (tx.kind !== 'signed') continue;
      const expected = next.get(tx.from) ?? this.ledger.nonce(tx.from);
      if (tx.nonce === expected) next.set(tx.from, expected + 1);
      else this.forget(tx.txid, change);
    }
  }

  private mineBlock(txs: DevnetTxRecord[], failing: ReadonlySet<CurrencyCode>, change: DevnetChange): void {
    const parent = this.recent.isEmpty ? null : this.recent.tip;
    const height = parent ? parent.height + 1 : 0;
    const time = Math.max(this.params.unixSeconds(), parent?.time ?? 0);
    const included: DevnetTxRecord[] = [];
    for (const tx of txs) {
      if (tx.kind === 'signed' && tx.nonce !== this.ledger.nonce(tx.from)) {
        this.forget(tx.txid, change);
        continue;
      }
      Object.assign(tx, settle(tx, this.ledger, { hotWallet: this.params.hotWallet, failing }));
      this.ledger.apply(tx);
      included.push(tx);
    }
    const parentHash = parent?.hash ?? GENESIS_PARENT;
    const txids = included.map((tx) => tx.txid);
    const hash = blockHash(this.network, height, parentHash, time, txids);
    included.forEach((tx, position) =>
      Object.assign(tx, { height, blockHash: hash, blockTime: time, position }),
    );
    const record: DevnetBlockRecord = { network: this.network, height, hash, parentHash, time };
    change.txs.push(...included);
    change.blocks.push(record);
    this.recent.push({ record, txids });
  }
}
