import type { MoneroBlockHeader } from 'monero-ts';
import { z } from 'zod';
import type { MoneroRpc } from './monero-rpc';
import { readAnswer } from './rpc-values';

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

const sendRawAnswer = z.looseObject({ status: z.string(), reason: z.string().optional() });

/** The monerod calls the adapters need, through monero-ts's daemon client: headers, transactions, fees. */
export class MoneroDaemon {
  constructor(readonly rpc: MoneroRpc<'monerod'>) {}

  tip(): Promise<BlockHeader> {
    return this.rpc.use('get_last_block_header', async (d) => toHeader(await d.getLastBlockHeader()));
  }

  /** Headers of heights `start`…`end` (both included, at most the tip), in one call. */
  headers(start: number, end: number): Promise<BlockHeader[]> {
    return this.rpc.use('get_block_headers_range', async (d) =>
      (await d.getBlockHeadersByRange(start, end)).map(toHeader),
    );
  }

  header(height: number): Promise<BlockHeader> {
    return this.rpc.use('get_block_header_by_height', async (d) =>
      toHeader(await d.getBlockHeaderByHeight(height)),
    );
  }

  /** The transactions the daemon knows among `txids` (pool or chain); unknown ones are left out. */
  transactions(txids: readonly string[]): Promise<DaemonTransaction[]> {
    return this.rpc.use('get_transactions', async (d) =>
      (await d.getTxs([...txids], true)).map((tx): DaemonTransaction => {
        const txid = tx.getHash();
        if (tx.getInTxPool()) return { txid, inPool: true };
        const height = tx.getHeight();
        if (height === undefined) throw new Error(`get_transactions: ${txid} has no block height`);
        return { txid, inPool: false, height };
      }),
    );
  }

  /**
   * Hands a signed transaction to the daemon. Null when it took it (or already had it); otherwise
   * why it refused, from the answer's flags.
   */
  async sendRaw(txHex: string): Promise<string | null> {
    // Hand-written: monero-ts's submitTxHex drops the status, and BUSY would read as a refusal.
    const answer = await this.rpc.post('send_raw_transaction', { tx_as_hex: txHex, do_not_relay: false });
    const result = readAnswer(sendRawAnswer, answer, 'send_raw_transaction');
    if (result.status === 'OK') return null;
    // BUSY (still syncing) and the like are not a verdict on the transaction.
    if (result.status !== 'Failed')
      throw new Error(`${this.rpc.label}: send_raw_transaction ${result.status}`);
    const flags = Object.keys(result).filter((key) => result[key] === true && key !== 'untrusted');
    return [flags.join(', '), result.reason ?? ''].filter(Boolean).join(': ') || 'refused';
  }

  /** Fee per byte of weight at the lowest priority, and the mask fees are rounded up to. */
  feeEstimate(): Promise<{ perByte: bigint; mask: bigint }> {
    return this.rpc.use('get_fee_estimate', async (d) => {
      const estimate = await d.getFeeEstimate();
      const [perByte] = estimate.getFees() ?? [];
      if (perByte === undefined) throw new Error('get_fee_estimate gave no fee per priority');
      return { perByte, mask: estimate.getQuantizationMask() };
    });
  }
}

function toHeader(h: MoneroBlockHeader): BlockHeader {
  return { height: h.getHeight(), hash: h.getHash(), parentHash: h.getPrevHash(), time: h.getTimestamp() };
}
