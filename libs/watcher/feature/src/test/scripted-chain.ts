import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '@swap/chain';
import type { CurrencyCode, Network } from '@swap/domain';

export interface TransferScript {
  to: string;
  currency: CurrencyCode;
  amount: bigint;
  from?: string[];
  /** Output (or log) number; 0 by default. */
  index?: number;
  /** A fresh txid by default. */
  txid?: string;
  /** UTXO: the coins the transaction spends. */
  spends?: string[];
}

/**
 * A chain a test scripts block by block: transfers enter the mempool, blocks are mined from it,
 * and reorganisations replace the top of the chain. Read through the ChainReader interface only.
 */
export class ScriptedChain implements ChainReader {
  private readonly blocks: ChainBlock[] = [];
  private pool: ChainTransfer[] = [];
  private nextTx = 1;
  private fork = 0;
  private onTipRead: (() => Promise<unknown>) | undefined;
  private onBlockRead: (() => Promise<unknown>) | undefined;
  /** Blocks the node answering is behind the chain (a lagging replica): it knows none of them. */
  private behind = 0;
  private tipHash: string | null = null;

  constructor(
    readonly network: Network,
    height = 100,
  ) {
    for (let h = 0; h <= height; h++) this.append([]);
  }

  async identity(): Promise<string> {
    return 'scripted chain';
  }

  async tip(): Promise<BlockRef> {
    const action = this.onTipRead;
    this.onTipRead = undefined;
    await action?.();
    const top = this.blocks[this.blocks.length - 1 - this.behind];
    return { height: top.height, hash: this.tipHash ?? top.hash };
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    const action = this.onBlockRead;
    this.onBlockRead = undefined;
    await action?.();
    if (height >= this.blocks.length - this.behind) return null;
    return this.blocks[height] ?? null;
  }

  async mempool(): Promise<ChainTransfer[]> {
    // A node behind has not heard of the latest transactions either.
    return this.behind > 0 ? [] : [...this.pool];
  }

  /** Names `hash` as its tip, at the top block's height, though that block is another (null: stop). */
  misreportTip(hash: string | null): void {
    this.tipHash = hash;
  }

  /** Answers as a node `blocks` behind the chain would, until set back to 0. */
  lagBehind(blocks: number): void {
    this.behind = blocks;
  }

  async transaction(txid: string): Promise<TxStatus> {
    if (this.pool.some((t) => t.txid === txid)) return { state: 'mempool' };
    const block = this.blocks.find((b) => b.transfers.some((t) => t.txid === txid));
    if (!block) return { state: 'unknown' };
    const confirmations = this.top().height - block.height + 1;
    return {
      state: 'confirmed',
      height: block.height,
      blockHash: block.hash,
      confirmations,
      time: block.time,
    };
  }

  async balance(): Promise<bigint> {
    throw new Error('balances are not scripted');
  }

  get height(): number {
    return this.top().height;
  }

  /** Runs `action` the next time a reader asks for the tip: something that happens mid-poll. */
  whenTipRead(action: () => Promise<unknown>): void {
    this.onTipRead = action;
  }

  /** Runs `action` the next time a reader asks for a block (after the tip, in a poll). */
  whenBlockRead(action: () => Promise<unknown>): void {
    this.onBlockRead = action;
  }

  /** A transaction that enters the mempool now. */
  send(script: TransferScript): ChainTransfer {
    const transfer: ChainTransfer = {
      txid: script.txid ?? `tx${String(this.nextTx++).padStart(4, '0')}`,
      index: script.index ?? 0,
      currency: script.currency,
      to: script.to,
      amount: script.amount,
      from: script.from ?? ['outside-sender'],
      ...(script.spends ? { spends: script.spends } : {}),
    };
    this.pool.push(transfer);
    return transfer;
  }

  /** A transaction spending the coins of `replaced` takes its place in the mempool (RBF). */
  replace(replaced: ChainTransfer, script: TransferScript): ChainTransfer {
    this.evict(replaced.txid);
    return this.send({ spends: replaced.spends, ...script });
  }

  /** Mines `count` blocks; the first takes the whole mempool. */
  mine(count = 1): void {
    for (let i = 0; i < count; i++) {
      this.append(this.pool);
      this.pool = [];
    }
  }

  /** The transaction leaves the mempool without being mined (evicted, or double-spent). */
  evict(txid: string): void {
    this.pool = this.pool.filter((t) => t.txid !== txid);
  }

  /**
   * Replaces the top `depth` blocks with `depth + grow` new ones (one more by default). Their
   * transactions land in the last new block, except `drop` (gone for good) and `toMempool`
   * (waiting again).
   */
  reorg(depth: number, options: { drop?: string[]; toMempool?: string[]; grow?: number } = {}): void {
    const drop = new Set(options.drop ?? []);
    const toMempool = new Set(options.toMempool ?? []);
    const replaced = this.blocks.splice(this.blocks.length - depth, depth).flatMap((b) => b.transfers);
    this.fork++;
    for (let i = 1; i < depth + (options.grow ?? 1); i++) this.append([]);
    this.append(replaced.filter((t) => !drop.has(t.txid) && !toMempool.has(t.txid)));
    this.pool.push(...replaced.filter((t) => toMempool.has(t.txid)));
  }

  private append(transfers: ChainTransfer[]): void {
    const height = this.blocks.length;
    const parent = this.blocks[height - 1];
    this.blocks.push({
      height,
      hash: `${this.network.toLowerCase()}-${height}-f${this.fork}`,
      parentHash: parent?.hash ?? '',
      time: 1_700_000_000 + height * 60,
      transfers,
    });
  }

  private top(): ChainBlock {
    return this.blocks[this.blocks.length - 1];
  }
}
