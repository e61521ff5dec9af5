import { TronWeb } from 'tronweb';
import { depositAddress } from '@swap/chain-keys';
import { isValidAddress, type CurrencyCode, type Logger, type Clock } from '@swap/domain';
import {
  signAsBatch,
  UnsignableTransfer,
  type AddressSigner,
  type BroadcastResult,
  type ChainSender,
  type SenderKeys,
  type SignedTransaction,
  type SigningItem,
  type TransferOrder,
} from '../chain-sender';
import { checkAccountSigner } from '../account-signer';
import { tronBlockRef } from './tron-block';
import type { TronConfig } from './tron-config';
import type { TronHttp } from './tron-http';
import {
  big,
  tronMessage,
  type TronAccountJson,
  type TronBlockJson,
  type TronBroadcastJson,
} from './tron-json';
import { TronEnergy } from './tron-energy';
import { bandwidthBytes, tronBurn, type TronFeeParameters } from './tron-resources';
import {
  buildTronTransaction,
  signTronTransaction,
  tapos,
  type TronAction,
  type TronBlockHeader,
} from './tron-transaction';

/** Refusals that say the transaction is past its deadline or names a block this chain lacks. */
const EXPIRED = new Set(['TRANSACTION_EXPIRATION_ERROR', 'TAPOS_ERROR']);
/** Refusals that say nothing about the transaction: the node is busy or cut off. */
const NODE_TROUBLE = new Set(['SERVER_BUSY', 'NOT_ENOUGH_EFFECTIVE_CONNECTION', 'NO_CONNECTION']);
/** Bytes a signed transaction of each kind takes at most, for estimates before one is built. */
const TRC20_BYTES = 345n;
const TRANSFER_BYTES = 270n;

const hexOf = (address: string) => TronWeb.address.toHex(address).toLowerCase();

/**
 * ChainSender of a java-tron node: transactions built by tronweb from a reference block the node
 * has solidified (TaPoS) and an expiration TRX_TX_EXPIRATION_SECONDS after the head block,
 * signed with the treasury's address keys. Each carries its deadline (validUntil = expiration); a
 * repeated broadcast of the same bytes is DUP_TRANSACTION_ERROR (or, past the deadline, an expiry
 * refusal of bytes the node holds), taken as accepted. The fee signed
 * for is the most the transaction can burn (bandwidth burnt rather than staked or free, a TRC-20
 * call's whole fee_limit); the chain's charge, read once it is mined, settles the difference.
 */
export class TronSender implements ChainSender {
  readonly network = 'TRX' as const;
  readonly independent = true;
  readonly energyLending?: ChainSender['energyLending'];
  private parameters: { value: TronFeeParameters; at: number } | null = null;

  constructor(
    private readonly http: TronHttp,
    private readonly config: TronConfig,
    private readonly keys: SenderKeys,
    private readonly energy: TronEnergy,
    private readonly logger?: Logger,
    private readonly clock: Clock = Date.now,
  ) {
    if (config.sweepEnergy === 'delegate') {
      const hot = () => depositAddress('TRX', keys.accountPublic, 0);
      this.energyLending = {
        activation: config.activationSun,
        stake: (currency, from) => this.energy.stakeToLend(hot(), currency, from),
      };
    }
  }

  sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    return signAsBatch(this, order, signer);
  }

  /** One reference block and one set of chain parameters for the batch. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    if (items.length === 0) return [];
    for (const { order, signer } of items) this.check(order, signer);
    const [header, fees] = await Promise.all([this.header(), this.fees()]);
    const signed: SignedTransaction[] = [];
    for (const { order, signer } of items) {
      const { action, fee } = await this.actionFor(order, signer.address, fees);
      const tx = await buildTronTransaction(action, signer.address, header);
      const bytes = bandwidthBytes(tx.raw_data_hex);
      const createsAccount = action.kind === 'trx' && !(await this.exists(order.to));
      const { bandwidth } = tronBurn({ bytes, createsAccount, energy: 0n }, fees);
      signed.push(signTronTransaction(tx, signer, bandwidth + fee, header.expiration));
    }
    return signed;
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    if (tx.network !== 'TRX')
      return { accepted: false, reason: `a ${tx.network} transaction cannot go to TRX` };
    const answer = await this.http.post<TronBroadcastJson>('wallet/broadcasttransaction', JSON.parse(tx.raw));
    if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') {
      this.logger?.debug({ network: 'TRX', txid: tx.txid }, 'transaction broadcast');
      return { accepted: true };
    }
    const reason = `${answer.code ?? 'refused'}: ${tronMessage(answer.message)}`;
    if (answer.code && NODE_TROUBLE.has(answer.code))
      throw new Error(`TRX node ${this.http.endpoint} could not take the transaction now (${reason})`);
    const expired = answer.code !== undefined && EXPIRED.has(answer.code);
    // The node checks the deadline before it looks for the same bytes: bytes that landed, sent again
    // once expired, are refused as expired rather than as a duplicate. They are the node's already.
    if (expired && (await this.known(tx.txid))) {
      this.logger?.debug({ network: 'TRX', txid: tx.txid }, 'transaction already on the chain');
      return { accepted: true };
    }
    this.logger?.warn({ network: 'TRX', txid: tx.txid, reason }, 'transaction refused');
    return expired ? { accepted: false, reason, expired: true } : { accepted: false, reason };
  }

  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    const results: BroadcastResult[] = [];
    for (const tx of txs) results.push(await this.broadcast(tx));
    return results;
  }

  /**
   * What a deposit address burns to send `currency` to the hot wallet: its bandwidth, and for
   * USDT the energy (the node's estimate of that very transfer, `route`, with
   * TRX_ENERGY_MARGIN_PERCENT): the gas top-up of a token sweep that burns, and what a TRX sweep
   * leaves behind for its fee.
   */
  async estimateFee(currency: CurrencyCode, route?: { from: string; to: string }): Promise<bigint> {
    const fees = await this.fees();
    if (currency === 'TRX') return TRANSFER_BYTES * fees.bandwidthFee;
    if (currency !== 'USDTTRC') throw new Error(`${currency} is not a currency of TRX`);
    const energy = await this.energy.forSweep(depositAddress('TRX', this.keys.accountPublic, 0), route);
    return TRC20_BYTES * fees.bandwidthFee + energy * fees.energyFee;
  }

  private async actionFor(
    order: TransferOrder,
    from: string,
    fees: TronFeeParameters,
  ): Promise<{ action: TronAction; fee: bigint }> {
    switch (order.action ?? 'transfer') {
      case 'lend-energy':
        return { action: { kind: 'delegate', to: order.to, sun: order.amount }, fee: 0n };
      case 'reclaim-energy':
        return { action: { kind: 'undelegate', to: order.to, sun: order.amount }, fee: 0n };
      case 'transfer':
        break;
    }
    if (order.currency === 'TRX')
      return { action: { kind: 'trx', to: order.to, sun: order.amount }, fee: 0n };
    const energy = await this.energy.forTransfer(from, order.to, order.amount);
    const burn = energy * fees.energyFee;
    if (burn > this.config.feeLimit)
      throw new UnsignableTransfer(
        `a USDT transfer needs about ${energy} energy (${burn} sun), above TRX_FEE_LIMIT_SUN ${this.config.feeLimit}`,
      );
    // At least 1 TRX: lent or staked energy may pay most of it, and the estimate may be short.
    const feeLimit = burn > 1_000_000n ? burn : 1_000_000n;
    const action: TronAction = {
      kind: 'trc20',
      contract: this.config.usdtContract,
      to: order.to,
      amount: order.amount,
      feeLimit: feeLimit < this.config.feeLimit ? feeLimit : this.config.feeLimit,
    };
    return { action, fee: action.feeLimit };
  }

  private check(order: TransferOrder, signer: AddressSigner): void {
    if (order.currency !== 'TRX' && order.currency !== 'USDTTRC')
      throw new Error(`${order.currency} is not a currency of TRX`);
    checkAccountSigner('TRX', this.keys, order, signer);
    if (!isValidAddress('TRX', order.to)) throw new Error(`not a TRX address: ${order.to}`);
    if (order.to === signer.address) throw new UnsignableTransfer('a Tron account cannot send to itself');
  }

  /** TaPoS on the solidified block (no fork can drop it); the deadline counted from the head block. */
  private async header(): Promise<TronBlockHeader> {
    const [solid, head] = await Promise.all([
      this.http.post<TronBlockJson>('walletsolidity/getnowblock'),
      this.http.post<TronBlockJson>('wallet/getnowblock'),
    ]);
    const reference = tronBlockRef(solid);
    const now = Number(head.block_header?.raw_data.timestamp ?? this.clock());
    return tapos(reference.height, reference.hash, now, this.config.expirationSeconds * 1000);
  }

  /** Whether the node holds the transaction (in a block, or pending). */
  private async known(txid: string): Promise<boolean> {
    const found = await this.http.post<{ txID?: string }>('wallet/gettransactionbyid', { value: txid });
    return found.txID !== undefined;
  }

  private async exists(address: string): Promise<boolean> {
    const account = await this.http.post<TronAccountJson>('wallet/getaccount', {
      address: hexOf(address),
      visible: false,
    });
    return account.address !== undefined;
  }

  /** The chain's fee parameters, read again every ten minutes (governance changes them rarely). */
  private async fees(): Promise<TronFeeParameters> {
    if (this.parameters && this.clock() - this.parameters.at < 600_000) return this.parameters.value;
    const answer = await this.http.post<{ chainParameter?: Array<{ key: string; value?: string }> }>(
      'wallet/getchainparameters',
    );
    const of = (key: string) => big(answer.chainParameter?.find((p) => p.key === key)?.value);
    const value = {
      energyFee: of('getEnergyFee'),
      bandwidthFee: of('getTransactionFee'),
      createAccountFee: of('getCreateAccountFee'),
      createNewAccountFee: of('getCreateNewAccountFeeInSystemContract'),
    };
    this.parameters = { value, at: this.clock() };
    return value;
  }
}
