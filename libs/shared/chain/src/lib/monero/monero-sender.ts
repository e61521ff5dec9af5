import type { Chain } from '@swap/chain-keys';
import type { CurrencyCode, Logger } from '@swap/domain';
import type {
  AddressSigner,
  BroadcastResult,
  ChainSender,
  SenderKeys,
  SignedTransaction,
  SigningItem,
  TransferOrder,
} from '../chain-sender';
import { feeEstimate } from './fee-estimate';
import { splitFee } from './fee-split';
import { isMoneroAddressOf } from './monero-address';
import type { MoneroConfig } from './monero-config';
import { moneroConnection, type MoneroConnection } from './monero-connection';
import type { MoneroDaemon } from './monero-daemon';
import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';
import { moneroViewWallet } from './monero-wallet-keys';
import { decodeMoneroRaw, encodeMoneroRaw } from './signed-raw';
import type { SubaddressTable } from './subaddress-table';
import { refreshWallet } from './wallet-refresh';
import { signTransfer } from './sign-transfer';

/** A transaction has at most 16 outputs, one of them the change. */
const MAX_ORDERS = 15;

/**
 * ChainSender of Monero, over the treasury's full wallet in its own monero-wallet-rpc. Every
 * transfer leaves account 0 as a whole (the hot wallet and the deposit subaddresses), whatever the
 * signer's index.
 */
export function moneroSender(config: MoneroConfig, keys: SenderKeys, logger?: Logger): ChainSender {
  if (!keys.moneroWallet) throw new Error('the XMR sender needs the wallet keys (SenderKeys.moneroWallet)');
  const { address, spendKey, viewKey } = keys.moneroWallet();
  if (moneroViewWallet(keys.accountPublic, config.chain).address !== address)
    throw new Error(`the XMR wallet keys do not belong to XMR_XPUB on ${config.chain}`);
  return new MoneroSender(
    config.chain,
    moneroConnection(config, { address, viewKey, spendKey }, logger),
    logger,
  );
}

class MoneroSender implements ChainSender {
  readonly maxBatch = MAX_ORDERS;
  readonly network = 'XMR';

  private readonly daemon: MoneroDaemon;
  private readonly wallet: MoneroWallet;
  private readonly subaddresses: SubaddressTable;

  constructor(
    private readonly chain: Chain,
    connection: MoneroConnection,
    private readonly logger?: Logger,
  ) {
    ({ daemon: this.daemon, wallet: this.wallet, subaddresses: this.subaddresses } = connection);
  }

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    const [tx] = await this.signBatch([{ order, signer }]);
    return tx;
  }

  /** ONE transaction paying every order: each gets its share of the fee, all the same txid. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    if (items.length === 0) return [];
    if (items.length > MAX_ORDERS) throw new Error(`a Monero transaction pays at most ${MAX_ORDERS} orders`);
    for (const { order, signer } of items) this.check(order, signer);
    await refreshWallet(this.wallet, this.subaddresses);
    const destinations = items.map(({ order }) => ({ address: order.to, amount: order.amount }));
    const tx = await signTransfer(this.wallet, destinations);
    const fees = splitFee(tx.fee, items.length);
    const raw = encodeMoneroRaw({ txHex: tx.txHex, metadata: tx.metadata });
    this.logger?.info(
      { txid: tx.txid, orders: items.length, fee: tx.fee.toString() },
      'signed monero transfer',
    );
    return fees.map((fee) => ({
      network: 'XMR',
      txid: tx.txid,
      raw,
      fee,
      feeCurrency: 'XMR',
      txKey: tx.txKey,
    }));
  }

  private check(order: TransferOrder, signer: AddressSigner): void {
    if (signer.network !== 'XMR') throw new Error(`a ${signer.network} key cannot sign on XMR`);
    if (order.currency !== 'XMR') throw new Error(`${order.currency} is not a currency of XMR`);
    if (order.amount <= 0n) throw new Error('a transfer moves a positive amount');
    if (!isMoneroAddressOf(order.to, this.chain))
      throw new Error(`${order.to} is not a Monero ${this.chain} address`);
  }

  /**
   * Known to the daemon (pool or chain): accepted. Otherwise relayed through the wallet, which then
   * counts the inputs as spent; if the wallet will not, monerod gets the blob and says why not.
   */
  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    const raw = decodeMoneroRaw(tx.raw);
    if (!raw) return { accepted: false, reason: 'not a signed Monero transaction' };
    if ((await this.daemon.transactions([tx.txid])).length > 0) return { accepted: true };
    try {
      await this.wallet.use('relay_tx', (w) => w.relayTx(raw.metadata));
      await this.wallet
        .use('store', (w) => w.save())
        .catch((err: unknown) => this.logger?.warn({ err }, 'wallet store failed'));
      return { accepted: true };
    } catch (err) {
      if (!(err instanceof MoneroRpcError)) throw err;
      this.logger?.warn({ txid: tx.txid, reason: err.detail }, 'wallet did not relay: trying monerod');
    }
    const refusal = await this.daemon.sendRaw(raw.txHex);
    return refusal === null ? { accepted: true } : { accepted: false, reason: refusal };
  }

  /** In order; the orders of one signBatch share a transaction, which goes out once. */
  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    const sent = new Map<string, BroadcastResult>();
    const results: BroadcastResult[] = [];
    for (const tx of txs) {
      const key = `${tx.txid}:${tx.raw}`;
      const result = sent.get(key) ?? (await this.broadcast(tx));
      sent.set(key, result);
      results.push(result);
    }
    return results;
  }

  estimateFee(currency: CurrencyCode): Promise<bigint> {
    if (currency !== 'XMR') throw new Error(`${currency} is not a currency of XMR`);
    return feeEstimate(this.daemon, this.wallet);
  }

  expectAddresses(index: number): Promise<void> {
    return this.subaddresses.expect(index);
  }
}
