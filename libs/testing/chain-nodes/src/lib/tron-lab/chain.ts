import { randomBytes } from 'node:crypto';
import { fromHex, toHex } from './address';
import { sealBlock, type Block, type MinedTx, type Witness } from './block';
import type { TokenEvm } from './evm';
import { EvmCheckpoints } from './evm-checkpoints';
import { newKey } from './genesis';
import type { ChainParameters } from './parameters';
import { processTransaction, type ProcessContext } from './processor';
import { BLOCK_INTERVAL_MS } from './resources';
import { cloneState, TxRejected, type ChainState } from './state';
import type { SignedTransaction } from './transaction-codec';

export interface ChainConfig {
  params: ChainParameters;
  energyPerGas: number;
  solidDepth: number;
  evm: TokenEvm;
  genesis: ChainState;
}

/** A mint done straight on anvil after block `afterBlock`; replayed after that block on a fork. */
interface Mint {
  afterBlock: number;
  run: () => Promise<void>;
}

/** A block producer's key; a fork gets a fresh one, as another witness would build it. */
function newWitness(): Witness {
  const { privateKey, hexAddress } = newKey();
  return { privateKey, address: hexAddress };
}

/**
 * The lab's chain: blocks, the pending pool, and the anvil checkpoints that let a fork replay TVM
 * calls. Every change runs through `exclusive` so that packing a block never interleaves with a
 * broadcast or another block.
 */
export class TronChain {
  readonly blocks: Block[];
  private readonly index = new Map<string, { block: number; position: number }>();
  private pending: SignedTransaction[] = [];
  private pendingState: ChainState;
  private readonly mints: Mint[] = [];
  private readonly checkpoints: EvmCheckpoints;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly witness = newWitness();
  /** Transactions a block or a fork left out because they no longer passed (expired, unpaid…). */
  readonly discarded: Array<{ txID: string; reason: string }> = [];

  constructor(private readonly config: ChainConfig) {
    this.checkpoints = new EvmCheckpoints(config.evm);
    const genesis = sealBlock(0, 0, toHex(randomBytes(32)), [], this.witness, config.genesis);
    this.blocks = [genesis];
    this.pendingState = cloneState(config.genesis);
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1];
  }

  get solidNumber(): number {
    return Math.max(0, this.head.number - this.config.solidDepth);
  }

  get pendingIds(): string[] {
    return this.pending.map((tx) => tx.txID);
  }

  pendingTx(txID: string): SignedTransaction | undefined {
    return this.pending.find((tx) => tx.txID === txID);
  }

  /** A mined transaction, if its block is at or below `maxBlock`. */
  find(txID: string, maxBlock = this.head.number): { block: Block; mined: MinedTx } | undefined {
    const at = this.index.get(txID);
    if (!at || at.block > maxBlock) return undefined;
    const block = this.blocks[at.block];
    return { block, mined: block.transactions[at.position] };
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Validates and executes against the pending state (null = accepted), as pushTransaction does.
   * `lose` is asked only once the transaction passed: true drops it as the network would.
   */
  broadcast(
    tx: SignedTransaction,
    lose: (txID: string) => boolean = () => false,
  ): Promise<TxRejected | null> {
    return this.exclusive(async () => {
      const working = cloneState(this.pendingState);
      try {
        await processTransaction(tx, working, this.context(this.head));
      } catch (err) {
        if (err instanceof TxRejected) return err;
        throw err;
      }
      if (!lose(tx.txID)) {
        this.pendingState = working;
        this.pending.push(tx);
      }
      return null;
    });
  }

  /** `skipSlots` leaves that many 3-second slots empty first, as when witnesses miss their turn. */
  produceBlock(skipSlots = 0): Promise<Block> {
    return this.exclusive(async () => {
      const txs = this.pending;
      this.pending = [];
      const timestamp = nextTimestamp(this.head) + skipSlots * BLOCK_INTERVAL_MS;
      const block = await this.pack(this.head, txs, timestamp, this.witness);
      this.commit([block]);
      this.pendingState = cloneState(block.state);
      return block;
    });
  }

  /** Runs an out-of-band change on anvil (a mint) and remembers it for fork replays. */
  onEvm(run: () => Promise<void>): Promise<void> {
    return this.exclusive(async () => {
      const mint = { afterBlock: this.head.number, run };
      await this.runMint(mint);
      this.mints.push(mint);
    });
  }

  private async runMint(mint: Mint): Promise<void> {
    await mint.run();
    this.checkpoints.changed();
  }

  /** Work on anvil at the head state that must not interleave with packing (constant calls). */
  readEvm<T>(work: (evm: TokenEvm) => Promise<T>): Promise<T> {
    return this.exclusive(() => work(this.config.evm));
  }

  rollback(depth: number, drop: ReadonlySet<string>): Promise<void> {
    return this.exclusive(async () => {
      const first = this.head.number - depth + 1;
      if (!Number.isInteger(depth) || depth < 1 || first < 1)
        throw new Error(`cannot roll back ${depth} blocks`);
      if (first <= this.solidNumber)
        throw new Error(
          `block ${first} is solidified (solid block ${this.solidNumber}); a fork cannot replace it`,
        );
      await this.checkpoints.restore(first);
      // A fork is another witness's chain: same slots, same transactions, different block ids. It
      // is built aside and switched to at once, so readers never see a half-built fork.
      const witness = newWitness();
      const fork: Block[] = [];
      let parent = this.blocks[first - 1];
      for (const old of this.blocks.slice(first)) {
        const txs = old.transactions.map((m) => m.tx).filter((tx) => !drop.has(tx.txID));
        parent = await this.pack(parent, txs, old.timestamp, witness, first);
        fork.push(parent);
        for (const mint of this.mints) if (mint.afterBlock === old.number) await this.runMint(mint);
      }
      fork.push(await this.pack(parent, [], nextTimestamp(parent), witness, first));
      for (const old of this.blocks.splice(first))
        for (const { tx } of old.transactions) this.index.delete(tx.txID);
      this.commit(fork);
      this.pending = this.pending.filter((tx) => !drop.has(tx.txID));
      await this.repush();
    });
  }

  /**
   * What transactions are checked against. `forkFrom`: replaying a fork from that block, whose
   * transactions were checked already (TaPoS included) and are still indexed under the old blocks.
   */
  private context(head: Block, block?: { timestamp: number }, forkFrom?: number): ProcessContext {
    const seen = new Set<string>();
    const mined = (txID: string) => (this.index.get(txID)?.block ?? Infinity) < (forkFrom ?? Infinity);
    return {
      params: this.config.params,
      energyPerGas: this.config.energyPerGas,
      head: { number: head.number, timestamp: head.timestamp },
      block: block && { timestamp: block.timestamp, evm: this.config.evm },
      recentBlockHash: (ref) => this.recentBlockHash(ref),
      isKnown: (txID) => {
        const known =
          mined(txID) || (!block && this.pending.some((tx) => tx.txID === txID)) || seen.has(txID);
        seen.add(txID);
        return known;
      },
      skipTapos: forkFrom !== undefined,
    };
  }

  /** RecentBlockStore: the block among the last 65536 whose number ends in these two bytes. */
  recentBlockHash(ref: Uint8Array): Uint8Array | undefined {
    if (ref.length !== 2) return undefined;
    const low = (ref[0] << 8) | ref[1];
    const number = this.head.number - ((this.head.number - low) & 0xffff);
    return number >= 0 ? fromHex(this.blocks[number].id).slice(8, 16) : undefined;
  }

  /** Executes `txs` on top of `parent` into a new block; a transaction that fails is left out. */
  private async pack(
    parent: Block,
    txs: SignedTransaction[],
    timestamp: number,
    witness: Witness,
    forkFrom?: number,
  ): Promise<Block> {
    await this.checkpoints.beforeBlock(parent.number + 1);
    let state = parent.state;
    const mined: MinedTx[] = [];
    const ctx = this.context(parent, { timestamp }, forkFrom);
    for (const tx of txs) {
      const working = cloneState(state);
      try {
        const outcome = await processTransaction(tx, working, ctx);
        if (outcome.vm) this.checkpoints.changed();
        mined.push({ tx, outcome });
        state = working;
      } catch (err) {
        if (!(err instanceof TxRejected)) throw err;
        this.discarded.push({ txID: tx.txID, reason: err.message });
      }
    }
    return sealBlock(parent.number + 1, timestamp, parent.id, mined, witness, state);
  }

  private commit(blocks: Block[]): void {
    for (const block of blocks) {
      this.blocks.push(block);
      block.transactions.forEach(({ tx }, position) =>
        this.index.set(tx.txID, { block: block.number, position }),
      );
    }
  }

  /** After a fork the pending pool is checked again on the new head; what no longer passes goes. */
  private async repush(): Promise<void> {
    const txs = this.pending;
    this.pending = [];
    this.pendingState = cloneState(this.head.state);
    for (const tx of txs) {
      const working = cloneState(this.pendingState);
      try {
        await processTransaction(tx, working, this.context(this.head));
        this.pendingState = working;
        this.pending.push(tx);
      } catch (err) {
        if (!(err instanceof TxRejected)) throw err;
        this.discarded.push({ txID: tx.txID, reason: err.message });
      }
    }
  }
}

/** The next slot after `parent`, or the current slot when the wall clock is ahead. */
function nextTimestamp(parent: Block): number {
  const slotNow = Math.floor(Date.now() / BLOCK_INTERVAL_MS) * BLOCK_INTERVAL_MS;
  return Math.max(parent.timestamp + BLOCK_INTERVAL_MS, slotNow);
}
