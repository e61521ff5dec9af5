import { randomBytes } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { AccountHistory } from './account-history';
import { computeBudgetOf } from './compute-budget';
import type { Commitment } from './lab-types';
import type { Block, LandedTx, Located, LedgerConfig } from './block';
import { Runtime, type AccountState, type Simulation } from './runtime';
import { fieldlessTxError } from './tx-error';
import { DEFAULT_HASH } from './well-known';
import type { DecodedTx } from './wire';

export type { Block, LandedTx, Located, LedgerConfig } from './block';

/** The chain: produced blocks on top of litesvm's state, the open slot's transactions, commitment levels. */
export class Ledger {
  readonly genesisHash = randomHash();
  private readonly genesis = { blockhash: randomHash(), blockTime: nowSeconds() };
  private runtime!: Runtime;
  private history!: AccountHistory;
  private blocks: Block[] = [];
  private readonly bySlot = new Map<number, Block>();
  private readonly heightOfHash = new Map<string, number>();
  private readonly located = new Map<string, Located>();
  private open: LandedTx[] = [];
  private skips = 0;
  private readonly listeners = new Set<(block: Block) => void>();

  constructor(readonly config: LedgerConfig) {
    this.restart();
  }

  /** Back to genesis: the same genesis block and accounts, nothing after (a fork replays onto this). */
  restart(): void {
    this.runtime = new Runtime(this.config.genesis);
    this.history = new AccountHistory();
    this.blocks = [];
    this.bySlot.clear();
    this.heightOfHash.clear();
    this.located.clear();
    this.open = [];
    this.sealAs(0, this.genesis);
  }

  newest(): Block {
    return this.blocks[this.blocks.length - 1];
  }

  allBlocks(): readonly Block[] {
    return this.blocks;
  }

  pending(): readonly LandedTx[] {
    return this.open;
  }

  /** The slot the open (next) block will have. */
  openSlot(): number {
    return this.newest().slot + 1 + this.skips;
  }

  heightAt(commitment: Commitment): number {
    const depth = { processed: 0, confirmed: this.config.confirmDepth, finalized: this.config.finalizeDepth };
    return Math.max(0, this.blocks.length - 1 - depth[commitment]);
  }

  blockAt(commitment: Commitment): Block {
    return this.blocks[this.heightAt(commitment)];
  }

  blockBySlot(slot: number): Block | undefined {
    return this.bySlot.get(slot);
  }

  locate(signature: string): Located | undefined {
    return this.located.get(signature);
  }

  /** A transaction with this blockhash can still land in the block at `height` (lastValidBlockHeight rule). */
  blockhashValidFor(blockhash: string, height: number, aliases?: ReadonlyMap<string, number>): boolean {
    const made = this.heightOfHash.get(blockhash) ?? aliases?.get(blockhash);
    return made !== undefined && made < height && made + this.config.blockhashValidity >= height;
  }

  accountAt(address: string, height: number): AccountState | null {
    const past = this.history.at(address, height);
    return past === undefined ? this.runtime.account(address) : past;
  }

  rentExemptMinimum(dataLength: number): bigint {
    return this.runtime.rentExemptMinimum(dataLength);
  }

  /** Runs `tx` against the open slot's state without keeping anything, as a bank's simulation does. */
  simulate(tx: DecodedTx, options: { sigVerify: boolean; checkBlockhash: boolean }): Simulation {
    const refused = this.refusal(tx, undefined, options.checkBlockhash);
    if (refused)
      return { logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, err: refused };
    return this.runtime.simulate(tx, options.sigVerify);
  }

  /** sendTransaction's preflight: the failed simulation, or null when `tx` would land without error. */
  preflight(tx: DecodedTx): Simulation | null {
    const simulation = this.simulate(tx, { sigVerify: true, checkBlockhash: true });
    return simulation.err ? simulation : null;
  }

  /** Runs `tx` into the open slot as a leader would; false when the leader drops it instead. */
  land(tx: DecodedTx, aliases?: ReadonlyMap<string, number>): boolean {
    if (this.refusal(tx, aliases)) return false;
    const exec = this.runtime.execute(tx);
    if (!exec) return false;
    exec.keys.forEach((key, i) => this.history.seed(key, exec.preStates[i]));
    const landed = { tx, exec, unitPrice: computeBudgetOf(tx.message).unitPrice };
    this.open.push(landed);
    this.located.set(tx.signature, { landed, block: null });
    return true;
  }

  produceBlock(): Block {
    const block = this.sealAs(this.openSlot());
    this.announce(block);
    return block;
  }

  /** Tells the listeners the chain has a new head (a produced block, or a fork's last block). */
  announce(block: Block): void {
    for (const listener of [...this.listeners]) listener(block);
  }

  onBlock(listener: (block: Block) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes the open slot as the block at `slot` (a replayed block keeps its blockhash and time). */
  sealAs(slot: number, identity?: { blockhash: string; blockTime: number }): Block {
    const parent = this.blocks.at(-1);
    const block: Block = {
      slot,
      parentSlot: parent?.slot ?? 0,
      blockHeight: this.blocks.length,
      blockhash: identity?.blockhash ?? randomHash(),
      previousBlockhash: parent?.blockhash ?? DEFAULT_HASH,
      blockTime: identity?.blockTime ?? nowSeconds(),
      txs: this.open,
    };
    this.open = [];
    this.skips = 0;
    this.blocks.push(block);
    this.bySlot.set(slot, block);
    this.heightOfHash.set(block.blockhash, block.blockHeight);
    const touched = new Set<string>();
    for (const landed of block.txs) {
      this.located.set(landed.tx.signature, { landed, block });
      landed.exec.keys.forEach((key) => touched.add(key));
    }
    for (const key of touched) this.history.record(block.blockHeight, key, this.runtime.account(key));
    this.enterSlot(this.openSlot(), nowSeconds());
    return block;
  }

  skip(slots: number): void {
    this.skips += slots;
    this.enterSlot(this.openSlot(), nowSeconds());
  }

  enterSlot(slot: number, unixTimestamp: number): void {
    this.runtime.enterSlot(slot, unixTimestamp);
  }

  /** Why a leader would not execute `tx` at all: an unknown or expired blockhash, or a seen signature. */
  private refusal(tx: DecodedTx, aliases?: ReadonlyMap<string, number>, checkBlockhash = true) {
    if (checkBlockhash && !this.blockhashValidFor(tx.message.recentBlockhash, this.blocks.length, aliases)) {
      return fieldlessTxError('BlockhashNotFound');
    }
    if (this.located.has(tx.signature)) return fieldlessTxError('AlreadyProcessed');
    return null;
  }
}

const base58 = getBase58Decoder();

export function randomHash(): string {
  return base58.decode(randomBytes(32));
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
