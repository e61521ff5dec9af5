import { bytesToHex } from '@noble/hashes/utils.js';
import type { CurrencyCode, Logger } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import { scriptFromAddress } from './address-codec';
import { forEachLimit } from './map-limit';
import { openWallet, type WalletKind } from './open-wallet';
import { blockHeader, query, txids, unspent, verboseBlock, verboseTx } from './rpc-schemas';
import { transactionStatus } from './transaction-status';
import { transfersOf } from './tx-transfers';
import type { UtxoConfig } from './utxo-config';
import { addressParams, type AddressParams, type UtxoNetwork } from './utxo-network';
import { isRpcCode, type UtxoRpc } from './utxo-rpc';
import { watchedIndex } from './wallet-address';

const HEIGHT_OUT_OF_RANGE = -8;
const NO_SUCH_TX = -5;
/** Parallel getrawtransaction calls while reading a new mempool. */
const MEMPOOL_CONCURRENCY = 8;

export interface UtxoReaderOptions {
  /** Balances come from the node's watch-only wallet (the treasury's reader); watchers need none. */
  wallet?: boolean;
  logger?: Logger;
}

/** ChainReader of a Bitcoin Core–style node (BTC, LTC): blocks and mempool by RPC, balances by its wallet. */
export class UtxoReader implements ChainReader {
  private readonly params: AddressParams;
  /** Transfers of mempool transactions already read: they cannot change while they wait. */
  private readonly mempoolCache = new Map<string, ChainTransfer[]>();
  private walletOpened: Promise<WalletKind> | null = null;
  private readonly hotScripts = new Set<string>();

  constructor(
    readonly network: UtxoNetwork,
    private readonly config: UtxoConfig,
    private readonly rpc: UtxoRpc,
    private readonly options: UtxoReaderOptions = {},
  ) {
    this.params = addressParams(network, config.chain);
  }

  /** Block 0's hash: every regtest node shares it, but main, test and signet chains differ. */
  async identity(): Promise<string> {
    return `genesis ${String(await this.rpc.call('getblockhash', [0]))}`;
  }

  /** The best block's hash, then its header: one consistent pair even while blocks arrive. */
  async tip(): Promise<BlockRef> {
    const hash = String(await this.rpc.call('getbestblockhash'));
    const header = await query(this.rpc, blockHeader, 'getblockheader', [hash]);
    return { height: header.height, hash };
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    // A reorg between getblockhash and getblock leaves a block off the best chain (-1 confirmations).
    for (let attempt = 0; ; attempt++) {
      let hash: string;
      try {
        hash = String(await this.rpc.call('getblockhash', [height]));
      } catch (err) {
        if (isRpcCode(err, HEIGHT_OUT_OF_RANGE)) return null;
        throw err;
      }
      const block = await query(this.rpc, verboseBlock, 'getblock', [hash, 2]);
      if (block.confirmations < 0 && attempt < 3) continue;
      return {
        height: block.height,
        hash: block.hash,
        parentHash: block.previousblockhash ?? '0'.repeat(64),
        time: block.time,
        transfers: block.tx.flatMap((tx) => transfersOf(tx, this.network, this.params)),
      };
    }
  }

  async mempool(): Promise<ChainTransfer[]> {
    const waiting = await query(this.rpc, txids, 'getrawmempool');
    const live = new Set(waiting);
    for (const txid of this.mempoolCache.keys()) if (!live.has(txid)) this.mempoolCache.delete(txid);
    const unread = waiting.filter((txid) => !this.mempoolCache.has(txid));
    await forEachLimit(unread, MEMPOOL_CONCURRENCY, async (txid) => {
      try {
        const tx = await query(this.rpc, verboseTx, 'getrawtransaction', [txid, true]);
        this.mempoolCache.set(txid, transfersOf(tx, this.network, this.params));
      } catch (err) {
        // Mined or evicted since getrawmempool: the next block or mempool read tells.
        if (!isRpcCode(err, NO_SUCH_TX)) throw err;
      }
    });
    return waiting.flatMap((txid) => this.mempoolCache.get(txid) ?? []);
  }

  async transaction(txid: string): Promise<TxStatus> {
    return transactionStatus(this.rpc, txid, this.options.wallet ? await this.openedWallet() : null);
  }

  /**
   * Confirmed (≥ 1) coins of the wallet: for the hot address (receive index 0) all of them, hot
   * and deposit addresses alike, since the sender spends them all; for another address its own.
   */
  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    if (currency !== this.network) throw new Error(`${currency} is not the coin of ${this.network}`);
    if (!this.options.wallet)
      throw new Error(
        `this ${this.network} reader has no wallet: balances need utxoReader(…, { wallet: true })`,
      );
    const script = bytesToHex(scriptFromAddress(address, this.params));
    const wallet = await this.openedWallet();
    const coins = await query(this.rpc, unspent, 'listunspent', [1], { wallet });
    const hot = await this.isHot(script);
    return coins.reduce((sum, coin) => (hot || coin.scriptPubKey === script ? sum + coin.amount : sum), 0n);
  }

  /** The wallet's name, once the node has it loaded (the first call loads or creates it). */
  private async openedWallet(): Promise<string> {
    this.walletOpened ??= openWallet(this.rpc, this.config.wallet, this.options.logger).catch((err) => {
      this.walletOpened = null;
      throw err;
    });
    await this.walletOpened;
    return this.config.wallet;
  }

  private async isHot(script: string): Promise<boolean> {
    if (this.hotScripts.has(script)) return true;
    const hot = (await watchedIndex(this.rpc, this.config.wallet, script)) === 0;
    if (hot) this.hotScripts.add(script);
    return hot;
  }
}
