import type { CurrencyCode, Logger } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import type { MoneroConfig } from './monero-config';
import { moneroConnection, type MoneroConnection } from './monero-connection';
import type { BlockHeader, MoneroDaemon } from './monero-daemon';
import type { MoneroWallet } from './monero-wallet';
import type { MoneroWalletKeys } from './monero-wallet-keys';
import type { SubaddressTable } from './subaddress-table';
import { unlockedBalance } from './wallet-balance';
import {
  minedTransfers,
  pooledTransfers,
  type HeightTransfer,
  type LockedTransfer,
} from './incoming-transfers';
import { refreshWallet } from './wallet-refresh';

/** Blocks read from the wallet in one go when a watcher walks the chain height by height. */
const RANGE = 100;
const ATTEMPTS = 3;

/**
 * ChainReader of Monero: blocks and transactions from monerod, the account's incoming transfers
 * from `wallet` in a monero-wallet-rpc (the watcher's is view-only). Balances are only right with
 * the full wallet: a view-only wallet cannot see its outputs being spent.
 */
export function moneroReader(config: MoneroConfig, wallet: MoneroWalletKeys, logger?: Logger): ChainReader {
  return new MoneroReader(moneroConnection(config, wallet, logger), logger);
}

class MoneroReader implements ChainReader {
  readonly network = 'XMR';
  /** Blocks read ahead, by height; each is used only while the daemon still has its hash there. */
  private blocks = new Map<number, ChainBlock>();

  private readonly daemon: MoneroDaemon;
  private readonly wallet: MoneroWallet;
  private readonly subaddresses: SubaddressTable;

  constructor(
    connection: MoneroConnection,
    private readonly logger?: Logger,
  ) {
    ({ daemon: this.daemon, wallet: this.wallet, subaddresses: this.subaddresses } = connection);
  }

  /**
   * A transfer its sender time-locked is no deposit the service can credit: left out, and logged
   * for operators (the money is at the swap's subaddress, to be returned by hand once it unlocks).
   */
  private readonly locked = (transfer: LockedTransfer): void =>
    this.logger?.warn(
      {
        network: 'XMR',
        txid: transfer.txid,
        address: transfer.address,
        unlockTime: transfer.unlockTime.toString(),
      },
      'time-locked transfer to a deposit address left out',
    );

  /** Block 0 of the daemon's chain (mainnet, stagenet and testnet differ; regtest shares mainnet's). */
  async identity(): Promise<string> {
    return `genesis ${(await this.daemon.header(0)).hash}`;
  }

  async tip(): Promise<BlockRef> {
    const { height, hash } = await this.daemon.tip();
    return { height, hash };
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    if (!Number.isSafeInteger(height) || height < 0) throw new RangeError(`bad height ${height}`);
    for (let attempt = 1; ; attempt++) {
      const tip = await this.daemon.tip();
      if (height > tip.height) return null;
      const header = height === tip.height ? tip : await this.daemon.header(height);
      const cached = this.blocks.get(height);
      if (cached?.hash === header.hash) return cached;
      const blocks = await this.read(height, Math.min(tip.height, height + RANGE - 1));
      if (blocks) {
        this.blocks = blocks;
        return blocks.get(height) as ChainBlock;
      }
      if (attempt === ATTEMPTS) throw new Error(`the XMR chain kept changing while block ${height} was read`);
    }
  }

  /**
   * Blocks `from`…`to` with the wallet's transfers, or null when a reorg came between reading the
   * headers and the transfers (a reorg replaces a suffix: if block `to` stayed, all of them did).
   */
  private async read(from: number, to: number): Promise<Map<number, ChainBlock> | null> {
    const headers = await this.daemon.headers(from, to);
    const scanned = await refreshWallet(this.wallet, this.subaddresses);
    const tip = await this.daemon.tip();
    if (tip.height < to) return null;
    if (scanned <= to)
      throw new Error(
        `wallet ${this.wallet.name} has scanned ${scanned} blocks, the daemon has ${tip.height + 1}: ` +
          'is its wallet-rpc connected to the same monerod?',
      );
    const transfers = await minedTransfers(this.wallet, from, to, this.locked);
    const last = to === tip.height ? tip : await this.daemon.header(to);
    if (last.hash !== headers[headers.length - 1]?.hash) return null;
    const byHeight = new Map<number, HeightTransfer[]>();
    for (const t of transfers) byHeight.set(t.height, [...(byHeight.get(t.height) ?? []), t]);
    return new Map(headers.map((h) => [h.height, toBlock(h, byHeight.get(h.height) ?? [])]));
  }

  async mempool(): Promise<ChainTransfer[]> {
    await refreshWallet(this.wallet, this.subaddresses);
    return pooledTransfers(this.wallet, this.locked);
  }

  async transaction(txid: string): Promise<TxStatus> {
    // Not a transaction hash: no node could know it.
    if (!/^[0-9a-f]{64}$/i.test(txid)) return { state: 'unknown' };
    const [tx] = await this.daemon.transactions([txid.toLowerCase()]);
    if (!tx) return { state: 'unknown' };
    if (tx.inPool) return { state: 'mempool' };
    const tip = await this.daemon.tip();
    const block = tx.height === tip.height ? tip : await this.daemon.header(tx.height);
    const confirmations = tip.height - tx.height + 1;
    return { state: 'confirmed', height: tx.height, blockHash: block.hash, confirmations, time: block.time };
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    if (currency !== 'XMR') throw new Error(`${currency} is not a currency of XMR`);
    await refreshWallet(this.wallet, this.subaddresses);
    return unlockedBalance(this.wallet, address);
  }

  expectAddresses(index: number): Promise<void> {
    return this.subaddresses.expect(index);
  }
}

/** The block of `header` with the transfers the wallet found in it. */
function toBlock(header: BlockHeader, transfers: HeightTransfer[]): ChainBlock {
  return {
    height: header.height,
    hash: header.hash,
    parentHash: header.parentHash,
    time: header.time,
    transfers: transfers.map(({ height: _height, ...t }) => t),
  };
}
