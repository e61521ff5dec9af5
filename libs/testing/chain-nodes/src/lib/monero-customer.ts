import type { MoneroNodes } from './monero';

interface Transfer {
  txid: string;
  amount: string;
}

/**
 * A customer's own Monero wallet, on a wallet-rpc of its own: it pays deposits and receives
 * payouts, and checks them the way a customer would (its incoming transfers, check_tx_key).
 */
export class MoneroCustomer {
  private constructor(
    private readonly nodes: MoneroNodes,
    private readonly wallet: number,
    readonly address: string,
  ) {}

  /** A new wallet on wallet-rpc `wallet` (which must have none open). */
  static async create(nodes: MoneroNodes, wallet: number): Promise<MoneroCustomer> {
    await nodes.walletRpc(wallet, 'create_wallet', {
      filename: 'customer',
      password: '',
      language: 'English',
    });
    const { address } = await nodes.walletRpc<{ address: string }>(wallet, 'get_address', {
      account_index: 0,
    });
    return new MoneroCustomer(nodes, wallet, address);
  }

  /** The wallet of known keys (hex secrets) on wallet-rpc `wallet`, so coins can be mined to it first. */
  static async fromKeys(
    nodes: MoneroNodes,
    wallet: number,
    keys: { address: string; spendKey: string; viewKey: string },
  ): Promise<MoneroCustomer> {
    await nodes.walletRpc(wallet, 'generate_from_keys', {
      filename: 'customer',
      password: '',
      address: keys.address,
      spendkey: keys.spendKey,
      viewkey: keys.viewKey,
    });
    return new MoneroCustomer(nodes, wallet, keys.address);
  }

  /**
   * A wallet picks 15 decoys per input among the outputs 10 blocks deep. Up to 75 of them it takes
   * them all; just above that it looks for 75 distinct ones by a skewed random draw, which on a
   * chain this short practically never ends. Sixty outputs to itself (and four change outputs) take
   * the count past that range in one step once `bury` buries them, before anyone else signs.
   * The wallet's own coins must be unlocked.
   */
  async spreadDecoys(bury: () => Promise<void>): Promise<void> {
    await this.refresh();
    const destinations = Array.from({ length: 15 }, () => ({
      address: this.address,
      amount: 100_000_000_000n,
    }));
    for (let i = 0; i < 4; i++) await this.nodes.walletRpc(this.wallet, 'transfer', { destinations });
    await bury();
    await this.refresh();
  }

  /** Sends `amount` piconero to `address`; resolves with the txid once the pool has it. */
  async pay(address: string, amount: bigint): Promise<string> {
    await this.refresh();
    const { tx_hash } = await this.nodes.walletRpc<{ tx_hash: string }>(this.wallet, 'transfer', {
      destinations: [{ address, amount }],
    });
    return tx_hash;
  }

  /** What transaction `txid` paid this wallet, as its own incoming transfers (mined or in the pool) show. */
  async received(txid: string): Promise<bigint> {
    await this.refresh();
    const found = await this.nodes.walletRpc<{ in?: Transfer[]; pool?: Transfer[] }>(
      this.wallet,
      'get_transfers',
      {
        in: true,
        pool: true,
      },
    );
    return [...(found.in ?? []), ...(found.pool ?? [])]
      .filter((transfer) => transfer.txid === txid)
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
  }

  /** What `txid` paid this wallet's primary address by the sender's tx key (check_tx_key). */
  async provenBy(txid: string, txKey: string): Promise<bigint> {
    const { received } = await this.nodes.walletRpc<{ received: string }>(this.wallet, 'check_tx_key', {
      txid,
      tx_key: txKey,
      address: this.address,
    });
    return BigInt(received);
  }

  private async refresh(): Promise<void> {
    await this.nodes.walletRpc(this.wallet, 'refresh');
  }
}
