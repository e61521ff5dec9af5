import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Bus } from '@swap/bus';
import {
  devnetAccount,
  devnetExpectAddresses,
  devnetFee,
  devnetSubmitBatch,
  isDevnetWalletNetwork,
} from '@swap/contracts';
import { CURRENCIES, type CurrencyCode, type Network } from '@swap/domain';
import type {
  AddressSigner,
  BroadcastResult,
  ChainSender,
  SignedTransaction,
  SigningItem,
  TransferOrder,
} from '../chain-sender';
import { devnetCall, DevnetRpcError, type DevnetCallOptions } from './devnet-call';
import { devnetTxid, devnetTxMessage, encodeDevnetTx, type DevnetTxBody } from './devnet-tx';

/**
 * ChainSender of one devnet network (D10). The devnet is an account model: sign() takes the
 * address's next nonce, so sign and broadcast one transaction of an address at a time, as on
 * Ethereum (a second transaction signed before the first reached the mempool reuses its nonce and
 * is refused as a double spend), or sign several at once with signBatch() and broadcast them in
 * their order (a nonce ahead of the account's next one is refused too).
 *
 * On BTC, LTC and XMR the devnet keeps a wallet, as their nodes do: the hot wallet spends what any
 * address of the account received once the devnet knows the address (expectAddresses).
 */
export class DevnetSender implements ChainSender {
  readonly expectAddresses?: (index: number) => Promise<void>;

  constructor(
    private readonly bus: Bus,
    readonly network: Network,
    private readonly options: DevnetCallOptions = {},
  ) {
    if (isDevnetWalletNetwork(network))
      this.expectAddresses = async (index) => {
        await devnetCall(bus, devnetExpectAddresses, { network, index }, options);
      };
  }

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    const [tx] = await this.signBatch([{ order, signer }]);
    return tx;
  }

  /** Asks the devnet once per address for its next nonce (and per currency for the fee), then counts on. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    const nonces = new Map<string, number>();
    const fees = new Map<CurrencyCode, bigint>();
    const signed: SignedTransaction[] = [];
    for (const { order, signer } of items) {
      this.check(order, signer);
      let nonce = nonces.get(signer.address);
      let fee = fees.get(order.currency);
      if (nonce === undefined || fee === undefined) {
        const request = { network: this.network, address: signer.address, currency: order.currency };
        const account = await devnetCall(this.bus, devnetAccount, request, this.options);
        nonce ??= account.nextNonce;
        fee = BigInt(account.feePerTransfer);
        fees.set(order.currency, fee);
      }
      nonces.set(signer.address, nonce + 1);
      signed.push(this.build(order, signer, nonce, fee));
    }
    return signed;
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    const [result] = await this.broadcastBatch([tx]);
    return result;
  }

  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    try {
      const request = { network: this.network, raws: txs.map((tx) => tx.raw) };
      const results = await devnetCall(this.bus, devnetSubmitBatch, request, this.options);
      // "Already known" comes back accepted too: the same bytes twice are one transaction.
      return results.map((r) => (r.accepted ? { accepted: true } : { accepted: false, reason: r.reason }));
    } catch (err) {
      // A request the devnet cannot read will never land; anything else may pass on a retry.
      if (err instanceof DevnetRpcError && err.code === 'BAD_REQUEST')
        return txs.map(() => ({ accepted: false, reason: err.message }));
      throw err;
    }
  }

  private check(order: TransferOrder, signer: AddressSigner): void {
    if (signer.network !== this.network)
      throw new Error(`a ${signer.network} key cannot sign on ${this.network}`);
    if (CURRENCIES[order.currency].network !== this.network)
      throw new Error(`${order.currency} is not a currency of ${this.network}`);
    if (order.amount <= 0n) throw new Error('a transfer moves a positive amount');
  }

  private build(order: TransferOrder, signer: AddressSigner, nonce: number, fee: bigint): SignedTransaction {
    const body: DevnetTxBody = {
      network: this.network,
      from: signer.address,
      to: order.to,
      currency: order.currency,
      amount: order.amount,
      nonce,
      fee,
      publicKey: signer.publicKey,
    };
    const signature = signer.sign(devnetTxMessage(body));
    return {
      network: this.network,
      txid: devnetTxid(body),
      raw: encodeDevnetTx({ ...body, signature }),
      fee: body.fee,
      feeCurrency: this.network,
      txKey: this.network === 'XMR' ? moneroTxKey() : null,
    };
  }

  async estimateFee(currency: CurrencyCode): Promise<bigint> {
    const { fee } = await devnetCall(this.bus, devnetFee, { network: this.network, currency }, this.options);
    return BigInt(fee);
  }
}

/** A random transaction key (a scalar below 2^252 < L), which the devnet does not check. */
function moneroTxKey(): string {
  const key = randomBytes(32);
  key[31] &= 0x0f;
  return bytesToHex(key);
}
