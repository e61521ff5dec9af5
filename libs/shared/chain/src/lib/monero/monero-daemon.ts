import { z } from 'zod';
import type { MoneroRpc } from './monero-rpc';
import { count, hash, piconero, readAnswer } from './rpc-values';

export interface BlockHeader {
  height: number;
  hash: string;
  parentHash: string;
  /** UNIX seconds. */
  time: number;
}

/** A transaction as the daemon knows it: waiting in its pool or mined at `height`. */
export type DaemonTransaction =
  { txid: string; inPool: true } | { txid: string; inPool: false; height: number };

const header = z
  .object({ height: count, hash, prev_hash: hash, timestamp: count })
  .transform((h) => ({ height: h.height, hash: h.hash, parentHash: h.prev_hash, time: h.timestamp }));

const status = z.object({ status: z.string() });

const transactions = z.object({
  status: z.literal('OK'),
  missed_tx: z.array(hash).optional(),
  txs: z.array(z.object({ tx_hash: hash, in_pool: z.boolean(), block_height: count.optional() })).optional(),
});

const feeEstimate = z.object({
  fees: z.array(piconero).min(1),
  quantization_mask: piconero,
});

/** The monerod calls the adapters need: headers, transactions, the pool, fees. */
export class MoneroDaemon {
  constructor(readonly rpc: MoneroRpc) {}

  async tip(): Promise<BlockHeader> {
    const answer = await this.rpc.call('get_last_block_header');
    return readAnswer(z.object({ block_header: header }), answer, 'get_last_block_header').block_header;
  }

  /** Headers of heights `start`…`end` (both included, at most the tip), in one call. */
  async headers(start: number, end: number): Promise<BlockHeader[]> {
    const answer = await this.rpc.call('get_block_headers_range', { start_height: start, end_height: end });
    return readAnswer(z.object({ headers: z.array(header) }), answer, 'get_block_headers_range').headers;
  }

  async header(height: number): Promise<BlockHeader> {
    const answer = await this.rpc.call('get_block_header_by_height', { height });
    return readAnswer(z.object({ block_header: header }), answer, 'get_block_header_by_height').block_header;
  }

  /** The transactions the daemon knows among `txids` (pool or chain); unknown ones are left out. */
  async transactions(txids: readonly string[]): Promise<DaemonTransaction[]> {
    const answer = await this.rpc.post('/get_transactions', { txs_hashes: txids, prune: true });
    const { txs = [] } = readAnswer(transactions, answer, 'get_transactions');
    return txs.map((tx): DaemonTransaction => {
      if (tx.in_pool) return { txid: tx.tx_hash, inPool: true };
      if (tx.block_height === undefined)
        throw new Error(`get_transactions: ${tx.tx_hash} has no block height`);
      return { txid: tx.tx_hash, inPool: false, height: tx.block_height };
    });
  }

  /**
   * Hands a signed transaction to the daemon. Null when it took it (or already had it); otherwise
   * why it refused, from the answer's flags.
   */
  async sendRaw(txHex: string): Promise<string | null> {
    const answer = await this.rpc.post('/send_raw_transaction', { tx_as_hex: txHex, do_not_relay: false });
    const result = readAnswer(status.passthrough(), answer, 'send_raw_transaction') as Record<
      string,
      unknown
    >;
    if (result.status === 'OK') return null;
    // BUSY (still syncing) and the like are not a verdict on the transaction.
    if (result.status !== 'Failed')
      throw new Error(`${this.rpc.label}: send_raw_transaction ${result.status}`);
    const flags = Object.keys(result).filter((key) => result[key] === true && key !== 'untrusted');
    const reason = typeof result.reason === 'string' ? result.reason : '';
    return [flags.join(', '), reason].filter(Boolean).join(': ') || 'refused';
  }

  /** Fee per byte of weight at the lowest priority, and the mask fees are rounded up to. */
  async feeEstimate(): Promise<{ perByte: bigint; mask: bigint }> {
    const answer = readAnswer(feeEstimate, await this.rpc.call('get_fee_estimate'), 'get_fee_estimate');
    return { perByte: answer.fees[0], mask: answer.quantization_mask };
  }
}
