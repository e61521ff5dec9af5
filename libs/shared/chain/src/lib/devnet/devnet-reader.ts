import type { Bus } from '@swap/bus';
import {
  devnetBalance,
  devnetBlockAt,
  devnetMempool,
  devnetTip,
  devnetTransaction,
  type DevnetTransfer,
} from '@swap/contracts';
import type { CurrencyCode, Network } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import { devnetCall, type DevnetCallOptions } from './devnet-call';

const toTransfer = (t: DevnetTransfer): ChainTransfer => ({ ...t, amount: BigInt(t.amount) });

/** ChainReader of one devnet network (D10), over the bus. */
export class DevnetReader implements ChainReader {
  constructor(
    private readonly bus: Bus,
    readonly network: Network,
    private readonly options: DevnetCallOptions = {},
  ) {}

  /**
   * Block 0 of this devnet chain: its hash is salted when the devnet creates the chain, and no
   * reorganisation reaches it, so it names one devnet's data for good.
   */
  async identity(): Promise<string> {
    const genesis = await devnetCall(
      this.bus,
      devnetBlockAt,
      { network: this.network, height: 0 },
      this.options,
    );
    if (!genesis) throw new Error(`the devnet has no ${this.network} block 0`);
    return `devnet, block 0 ${genesis.hash}`;
  }

  tip(): Promise<BlockRef> {
    return devnetCall(this.bus, devnetTip, { network: this.network }, this.options);
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    const block = await devnetCall(this.bus, devnetBlockAt, { network: this.network, height }, this.options);
    return block && { ...block, transfers: block.transfers.map(toTransfer) };
  }

  async mempool(): Promise<ChainTransfer[]> {
    const transfers = await devnetCall(this.bus, devnetMempool, { network: this.network }, this.options);
    return transfers.map(toTransfer);
  }

  transaction(txid: string): Promise<TxStatus> {
    return devnetCall(this.bus, devnetTransaction, { network: this.network, txid }, this.options);
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    const request = { network: this.network, address, currency };
    const { balance } = await devnetCall(this.bus, devnetBalance, request, this.options);
    return BigInt(balance);
  }
}
