import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { CurrencyCode, Logger } from '@swap/domain';
import {
  SenderNotReady,
  UnsignableTransfer,
  type AddressSigner,
  type BroadcastResult,
  type ChainSender,
  type PendingTransactions,
  type SenderKeys,
  type SignedTransaction,
  type SigningItem,
  type TransferOrder,
} from '../chain-sender';
import { isP2wpkh, p2wpkhScript, scriptFromAddress } from './address-codec';
import { broadcastRaw } from './broadcast-raw';
import { selectCoins, splitFee, type Coin, type Payment } from './coin-selection';
import { feeRate } from './fee-rate';
import { outpoint, pendingSpends } from './pending-spends';
import { query, unspent } from './rpc-schemas';
import { signTransaction, type SpendInput } from './sign-transaction';
import { TreasuryWallet } from './treasury-wallet';
import { dustLimit, feeFor, p2wpkhTxVsize } from './tx-size';
import type { UtxoConfig } from './utxo-config';
import { addressParams, DUST_RELAY_SAT_VB, type AddressParams, type UtxoNetwork } from './utxo-network';
import { UtxoReplacer } from './utxo-replacer';
import type { UtxoRpc } from './utxo-rpc';

interface WalletCoin extends Coin {
  script: Uint8Array;
  index: number;
  confirmations: number;
}

const keyScript = (signer: AddressSigner) => p2wpkhScript(ripemd160(sha256(signer.publicKey)));

/**
 * ChainSender of a Bitcoin Core–style node (BTC, LTC). Payouts spend the coins of the node's
 * watch-only wallet (hot and deposit addresses alike), are signed here with the treasury's keys,
 * and send their change to the hot address (receive index 0).
 */
export class UtxoSender implements ChainSender {
  private readonly params: AddressParams;
  private readonly wallet: TreasuryWallet;
  readonly replacer: UtxoReplacer;

  constructor(
    readonly network: UtxoNetwork,
    private readonly config: UtxoConfig,
    private readonly rpc: UtxoRpc,
    private readonly keys: SenderKeys,
    private readonly pending: PendingTransactions,
    private readonly logger?: Logger,
  ) {
    this.params = addressParams(network, config.chain);
    this.wallet = new TreasuryWallet(rpc, config, keys.accountPublic, logger);
    this.replacer = new UtxoReplacer(network, config, rpc, keys, this.wallet, () =>
      keyScript(keys.signer(0)),
    );
  }

  expectAddresses(index: number): Promise<void> {
    return this.wallet.expectAddresses(index);
  }

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    const [tx] = await this.signBatch([{ order, signer }]);
    return tx;
  }

  /** One transaction paying every item; each gets its share of the fee. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    if (items.length === 0) return [];
    const payments = items.map((item) => this.payment(item));
    await this.wallet.expectAddresses(0);
    const hot = this.keys.signer(0);
    const changeScript = keyScript(hot);
    if (bytesToHex(changeScript) !== this.wallet.scriptOf(0))
      throw new Error(`the hot key of ${this.network} is not index 0 of ${this.network}_XPUB`);
    const [rate, coins] = await Promise.all([feeRate(this.rpc, this.config), this.walletCoins(hot.address)]);
    const params = { feeRate: rate, changeScript, dustRelaySatVb: DUST_RELAY_SAT_VB[this.network] };
    const selection = selectCoins(
      coins.filter((coin) => coin.confirmations >= 1),
      payments,
      params,
    );
    if (!selection.ok) {
      if (selectCoins(coins, payments, params).ok)
        throw new SenderNotReady(`${this.network}: the coins for this payout are not confirmed yet`);
      throw new Error(
        `insufficient funds: ${this.network} payout needs ${selection.needed}, the wallet has ${selection.available} confirmed`,
      );
    }
    const inputs = selection.inputs.map((coin) => this.spendInput(coin));
    const change = selection.change > 0n ? [{ script: changeScript, value: selection.change }] : [];
    const tx = signTransaction(inputs, [...payments, ...change]);
    const [txid, raw] = [tx.getId(), tx.toHex()];
    return splitFee(selection.fee, items.length).map((fee) => ({
      network: this.network,
      txid,
      raw,
      fee,
      feeCurrency: this.network,
      txKey: null,
    }));
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    const [result] = await this.broadcastBatch([tx]);
    return result;
  }

  /** One sendrawtransaction per distinct txid (a batch's items share one), in order. */
  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    const results = new Map<string, BroadcastResult>();
    for (const tx of txs) {
      if (results.has(tx.txid)) continue;
      const result = await broadcastRaw(this.rpc, tx);
      if (!result.accepted)
        this.logger?.warn({ txid: tx.txid, reason: result.reason }, 'node refused a payout');
      results.set(tx.txid, result);
    }
    return txs.map((tx) => results.get(tx.txid) as BroadcastResult);
  }

  /** A 1-input, 2-output P2WPKH transaction at the current rate. */
  async estimateFee(currency: CurrencyCode): Promise<bigint> {
    this.checkCurrency(currency);
    return feeFor(p2wpkhTxVsize(1, [22, 22]), await feeRate(this.rpc, this.config));
  }

  private payment({ order, signer }: SigningItem): Payment {
    this.checkCurrency(order.currency);
    if (signer.network !== this.network || signer.index !== 0)
      throw new Error(`${this.network} payouts leave from the hot wallet (index 0)`);
    const script = scriptFromAddress(order.to, this.params);
    const dust = dustLimit(script, DUST_RELAY_SAT_VB[this.network]);
    if (order.amount < dust)
      throw new UnsignableTransfer(`${order.amount} is below the dust limit (${dust}) of ${order.to}`);
    return { script, value: order.amount };
  }

  private checkCurrency(currency: CurrencyCode): void {
    if (currency !== this.network) throw new Error(`${currency} is not the coin of ${this.network}`);
  }

  /** The wallet's P2WPKH coins (any confirmations) that no stored, unconfirmed payout spends. */
  private async walletCoins(hotAddress: string): Promise<WalletCoin[]> {
    const [listed, spent] = await Promise.all([
      query(this.rpc, unspent, 'listunspent', [0], { wallet: this.config.wallet }),
      pendingSpends(this.pending, hotAddress),
    ]);
    const coins: WalletCoin[] = [];
    for (const { txid, vout, amount, confirmations, scriptPubKey, desc } of listed) {
      const script = hexToBytes(scriptPubKey);
      if (!isP2wpkh(script) || spent.has(outpoint(txid, vout))) continue;
      const index = this.wallet.receiveIndex(scriptPubKey, desc);
      if (index === null) this.logger?.warn({ txid, vout }, 'a wallet coin of no known receive index');
      else coins.push({ txid, vout, value: amount, script, index, confirmations });
    }
    return coins;
  }

  private spendInput(coin: WalletCoin): SpendInput {
    const signer = this.keys.signer(coin.index);
    if (bytesToHex(keyScript(signer)) !== bytesToHex(coin.script))
      throw new Error(`the key of receive index ${coin.index} does not spend ${coin.txid}:${coin.vout}`);
    return { ...coin, signer };
  }
}
