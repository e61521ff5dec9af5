import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Bus } from '@swap/bus';
import { devnetAccount, devnetFee, devnetSubmit } from '@swap/contracts';
import { CURRENCIES, type CurrencyCode, type Network } from '@swap/domain';
import type {
  AddressSigner,
  BroadcastResult,
  ChainSender,
  SignedTransaction,
  TransferOrder,
} from '../chain-sender';
import { devnetCall, DevnetRpcError, type DevnetCallOptions } from './devnet-call';
import { devnetTxid, devnetTxMessage, encodeDevnetTx, type DevnetTxBody } from './devnet-tx';

/**
 * ChainSender of one devnet network (D10). The devnet is an account model: sign() takes the
 * address's next nonce, so sign and broadcast one transaction of an address at a time, as on
 * Ethereum; a second transaction signed before the first reached the mempool reuses its nonce and
 * is refused as a double spend.
 */
export class DevnetSender implements ChainSender {
  constructor(
    private readonly bus: Bus,
    readonly network: Network,
    private readonly options: DevnetCallOptions = {},
  ) {}

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    if (signer.network !== this.network)
      throw new Error(`a ${signer.network} key cannot sign on ${this.network}`);
    if (CURRENCIES[order.currency].network !== this.network)
      throw new Error(`${order.currency} is not a currency of ${this.network}`);
    if (order.amount <= 0n) throw new Error('a transfer moves a positive amount');
    const request = { network: this.network, address: signer.address, currency: order.currency };
    const account = await devnetCall(this.bus, devnetAccount, request, this.options);
    const body: DevnetTxBody = {
      network: this.network,
      from: signer.address,
      to: order.to,
      currency: order.currency,
      amount: order.amount,
      nonce: account.nextNonce,
      fee: BigInt(account.feePerTransfer),
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

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    try {
      const result = await devnetCall(
        this.bus,
        devnetSubmit,
        { network: this.network, raw: tx.raw },
        this.options,
      );
      // "Already known" comes back accepted too: the same bytes twice are one transaction.
      return result.accepted ? { accepted: true } : { accepted: false, reason: result.reason };
    } catch (err) {
      // A request the devnet cannot read will never land; anything else may pass on a retry.
      if (err instanceof DevnetRpcError && err.code === 'BAD_REQUEST')
        return { accepted: false, reason: err.message };
      throw err;
    }
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
