import { isValidAddress, type CurrencyCode } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import type { SignedTransaction } from '../chain-sender';
import { solanaBlockOfAnswer, type RpcAccountsBlock } from './solana-block';
import { isSolanaRpcCode, type Numbers, type SolanaRpc } from './solana-rpc';

type Commitment = 'confirmed' | 'finalized';

/** getBlock errors: the slot has no block (skipped; -32009 where the node reads long-term storage). */
const SLOT_SKIPPED = [-32007, -32009];
/** getBlock error: no block at that slot at this commitment yet. */
const BLOCK_NOT_AVAILABLE = -32004;
/** Confirmed blocks kept for the mempool pass and reused once finalized (about a minute of slots). */
const CONFIRMED_CACHE = 256;

interface SignatureStatus {
  slot: string;
  err: unknown;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
}

/**
 * ChainReader of a Solana node. A height is a slot, and the chain the watcher follows is the
 * finalized one: `tip()` is the newest finalized block, so a deposit has its one confirmation
 * (SOL's reqConfirmations) once its block is finalized, when no fork can take it away any more. A
 * deposit in a block voted `confirmed` but not finalized yet is what `mempool()` shows (PENDING,
 * 0 confirmations); a confirmed block that a fork drops before finalization takes its deposits
 * out of that list, and the watcher reverts them as it does a transaction gone from a mempool. A
 * skipped slot (no leader block) is an empty block whose hash is its parent's, so the next block
 * builds on it; deposits are found from whole blocks (getBlock, "accounts" details), never by
 * polling addresses, so a million watched addresses cost nothing more.
 */
export class SolanaReader implements ChainReader {
  readonly network = 'SOL' as const;
  private readonly confirmed = new Map<number, ChainBlock>();
  private finalized: BlockRef | null = null;

  constructor(private readonly rpc: SolanaRpc) {}

  verify(): Promise<void> {
    return this.rpc.checkGenesis();
  }

  async identity(): Promise<string> {
    return `genesis ${await this.rpc.genesisHash()}`;
  }

  async tip(): Promise<BlockRef> {
    const slot = Number(await this.rpc.call<string>('getSlot', [{ commitment: 'finalized' }]));
    const header = await this.header(slot, 'finalized');
    if (header === 'skipped' || header === null)
      throw new Error(`SOL node ${this.rpc.endpoint} has no block at its finalized slot ${slot}`);
    this.finalized = { height: slot, hash: header.blockhash };
    return this.finalized;
  }

  async blockAt(slot: number): Promise<ChainBlock | null> {
    const cached = this.confirmed.get(slot);
    if (cached) {
      // Seen while confirmed: the same block if finalization kept its hash.
      const header = await this.header(slot, 'finalized');
      if (header !== 'skipped' && header?.blockhash === cached.hash) return cached;
    }
    const block = await this.fullBlock(slot, 'finalized');
    return block === 'skipped' ? this.skippedSlot(slot) : block;
  }

  /** Deposits in blocks voted confirmed and not finalized yet: PENDING, as a mempool would show them. */
  async mempool(): Promise<ChainTransfer[]> {
    const finalized = this.finalized?.height ?? (await this.tip()).height;
    const newest = Number(await this.rpc.call<string>('getSlot', [{ commitment: 'confirmed' }]));
    if (newest <= finalized) return [];
    const slots = (
      await this.rpc.call<string[]>('getBlocks', [finalized + 1, newest, { commitment: 'confirmed' }])
    ).map(Number);
    const transfers: ChainTransfer[] = [];
    for (const slot of slots) {
      let block = this.confirmed.get(slot);
      if (!block) {
        const read = await this.fullBlock(slot, 'confirmed');
        if (read === 'skipped' || read === null) continue;
        block = read;
        this.remember(slot, block);
      }
      transfers.push(...block.transfers);
    }
    return transfers;
  }

  async transaction(txid: string): Promise<TxStatus> {
    const status = await this.status(txid);
    if (!status) return { state: 'unknown' };
    if (status.confirmationStatus !== 'finalized') return { state: 'mempool' };
    const tx = await this.rpc.call<{
      slot: string;
      blockTime: string | null;
      meta: { err: unknown; fee: string };
    } | null>('getTransaction', [
      txid,
      { commitment: 'finalized', encoding: 'json', maxSupportedTransactionVersion: 0 },
    ]);
    if (!tx) return { state: 'mempool' };
    const height = Number(tx.slot);
    const [header, tip] = await Promise.all([this.header(height, 'finalized'), this.tip()]);
    if (header === null || header === 'skipped') return { state: 'mempool' };
    const mined = {
      height,
      blockHash: header.blockhash,
      confirmations: Math.max(1, tip.height - height + 1),
      time: tx.blockTime === null ? 0 : Number(tx.blockTime),
      fee: BigInt(tx.meta.fee),
    };
    return tx.meta.err === null
      ? { state: 'confirmed', ...mined }
      : { state: 'failed', ...mined, reason: JSON.stringify(tx.meta.err) };
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    if (currency !== 'SOL') throw new Error(`${currency} is not a currency of SOL`);
    if (!isValidAddress('SOL', address)) throw new Error(`not a SOL address: ${address}`);
    const answer = await this.rpc.call<{ value: string }>('getBalance', [
      address,
      { commitment: 'finalized' },
    ]);
    return BigInt(answer.value);
  }

  /**
   * Proven never to land: the finalized chain's block height is past the transaction's
   * lastValidBlockHeight (no later block may take its blockhash) and no block holds its signature.
   */
  async neverLands(tx: SignedTransaction): Promise<string | null> {
    if (tx.validUntil === null || tx.validUntil === undefined) return null;
    const height = Number(await this.rpc.call<string>('getBlockHeight', [{ commitment: 'finalized' }]));
    if (height <= tx.validUntil) return null;
    if (await this.status(tx.txid)) return null;
    return `finalized block height ${height} is past the last valid block height ${tx.validUntil} and no block holds ${tx.txid}`;
  }

  private async status(signature: string): Promise<SignatureStatus | null> {
    const answer = await this.rpc.call<{ value: Array<SignatureStatus | null> }>('getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    return answer.value[0] ?? null;
  }

  /** The block's hash, parent and time without its transactions; 'skipped', or null when not there yet. */
  private async header(slot: number, commitment: Commitment): Promise<RpcAccountsBlock | 'skipped' | null> {
    const answer = await this.getBlock(slot, commitment, 'none', 'exact');
    return answer === 'skipped' || answer === null ? answer : answer.result;
  }

  private async fullBlock(slot: number, commitment: Commitment): Promise<ChainBlock | 'skipped' | null> {
    const answer = await this.getBlock(slot, commitment, 'accounts', 'double');
    if (answer === 'skipped' || answer === null) return answer;
    return solanaBlockOfAnswer(slot, answer.result, answer.text);
  }

  private async getBlock(
    slot: number,
    commitment: Commitment,
    transactionDetails: 'none' | 'accounts',
    numbers: Numbers,
  ): Promise<{ result: RpcAccountsBlock; text: string } | 'skipped' | null> {
    const config = { commitment, transactionDetails, rewards: false, maxSupportedTransactionVersion: 0 };
    try {
      const answer = await this.rpc.callWithText<RpcAccountsBlock | null>(
        'getBlock',
        [slot, config],
        numbers,
      );
      return answer.result === null ? null : { result: answer.result, text: answer.text };
    } catch (err) {
      if (isSolanaRpcCode(err, ...SLOT_SKIPPED)) return 'skipped';
      if (isSolanaRpcCode(err, BLOCK_NOT_AVAILABLE)) return null;
      throw err;
    }
  }

  /**
   * A slot without a block: an empty block carrying the last real block's hash as its own and its
   * parent's, so the follower's chain of hashes runs through it. That hash is the previousBlockhash
   * of the next block, which exists at or below the finalized tip the follower read.
   */
  private async skippedSlot(slot: number): Promise<ChainBlock | null> {
    const [next] = await this.rpc.call<string[]>('getBlocksWithLimit', [
      slot,
      1,
      { commitment: 'finalized' },
    ]);
    if (next === undefined) return null;
    const header = await this.header(Number(next), 'finalized');
    if (header === null || header === 'skipped') return null;
    const hash = header.previousBlockhash;
    return { height: slot, hash, parentHash: hash, time: Number(header.blockTime ?? 0), transfers: [] };
  }

  private remember(slot: number, block: ChainBlock): void {
    this.confirmed.set(slot, block);
    if (this.confirmed.size <= CONFIRMED_CACHE) return;
    // Map keeps insertion order and slots arrive rising: the first is the oldest.
    const oldest = this.confirmed.keys().next().value;
    if (oldest !== undefined) this.confirmed.delete(oldest);
  }
}
