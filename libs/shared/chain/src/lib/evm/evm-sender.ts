import { getAddress } from 'ethers';
import { isValidAddress, type CurrencyCode, type Logger } from '@swap/domain';
import type {
  AddressSigner,
  BroadcastResult,
  ChainSender,
  PendingTransactions,
  SenderKeys,
  SignedTransaction,
  SigningItem,
  TransferOrder,
} from '../chain-sender';
import { checkAccountSigner } from '../account-signer';
import { encodeTransfer } from './erc20';
import { broadcastSigned } from './evm-broadcast';
import type { EvmConfig, EvmNetwork } from './evm-config';
import { currentFeeMarket } from './evm-fee-market';
import { affordableMaxFee } from './evm-fees';
import { FundsCounter } from './evm-funds';
import { NonceCounter } from './evm-nonces';
import type { EvmRpc } from './evm-rpc';
import { EvmReplacer } from './evm-replacer';
import { signEvmTransaction } from './evm-sign';

/** A plain value transfer to an address (no code to run) costs exactly this much gas. */
const NATIVE_GAS = 21_000n;

/** The call a transfer order becomes: value to the recipient, or transfer() on the token. */
interface EvmCall {
  to: string;
  value: bigint;
  data: string;
  gasLimit: bigint;
}

/** ChainSender of an EVM node: EIP-1559 transactions signed by the treasury's address keys. */
export class EvmSender implements ChainSender {
  readonly nonces = true;
  readonly replacer: EvmReplacer;

  constructor(
    readonly network: EvmNetwork,
    private readonly rpc: EvmRpc,
    private readonly config: EvmConfig,
    private readonly keys: SenderKeys,
    private readonly pending: PendingTransactions,
    private readonly logger?: Logger,
  ) {
    this.replacer = new EvmReplacer(network, rpc, config);
  }

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    const [tx] = await this.signBatch([{ order, signer }]);
    return tx;
  }

  /** One fee market for the batch; each address gets consecutive nonces in item order. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    const calls = items.map(({ order, signer }) => this.callFor(order, signer));
    if (calls.length === 0) return [];
    const market = await currentFeeMarket(this.rpc, this.config);
    const nonces = new NonceCounter(this.rpc, this.pending);
    const funds = new FundsCounter(this.rpc);
    const signed: SignedTransaction[] = [];
    for (const [i, { signer }] of items.entries()) {
      const { to, value, data, gasLimit } = calls[i];
      const from = signer.address;
      const available = await funds.available(from);
      const maxFeePerGas = affordableMaxFee(market, { from, available, value, gasLimit });
      funds.spend(from, value + gasLimit * maxFeePerGas);
      const fields = {
        chainId: this.config.chainId,
        nonce: await nonces.take(from),
        to,
        value,
        data,
        gasLimit,
        maxFeePerGas,
        maxPriorityFeePerGas: market.priorityFee,
      };
      signed.push(signEvmTransaction(this.network, fields, signer));
    }
    return signed;
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    if (tx.network !== this.network)
      return { accepted: false, reason: `a ${tx.network} transaction cannot go to ${this.network}` };
    const result = await broadcastSigned(this.rpc, tx);
    if (result.accepted)
      this.logger?.debug({ network: this.network, txid: tx.txid }, 'transaction broadcast');
    else
      this.logger?.warn(
        { network: this.network, txid: tx.txid, reason: result.reason },
        'transaction refused',
      );
    return result;
  }

  /** One at a time: a later nonce sent before an earlier one would wait in the pool as a gap. */
  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    const results: BroadcastResult[] = [];
    for (const tx of txs) results.push(await this.broadcast(tx));
    return results;
  }

  /** The most a transfer of `currency` costs at today's fees: its gas limit × maxFeePerGas. */
  async estimateFee(currency: CurrencyCode): Promise<bigint> {
    const gasLimit = this.gasLimit(currency);
    const market = await currentFeeMarket(this.rpc, this.config);
    return gasLimit * market.maxFee;
  }

  /** Null for the native coin, the contract for the network's token; throws for anything else. */
  private tokenContract(currency: CurrencyCode): string | null {
    if (currency === this.network) return null;
    if (currency === 'USDTERC' && this.config.usdtContract) return this.config.usdtContract;
    throw new Error(`${currency} is not a currency of ${this.network}`);
  }

  private gasLimit(currency: CurrencyCode): bigint {
    return this.tokenContract(currency) ? this.config.tokenGasLimit : NATIVE_GAS;
  }

  private callFor(order: TransferOrder, signer: AddressSigner): EvmCall {
    const contract = this.tokenContract(order.currency);
    checkAccountSigner(this.network, this.keys, order, signer);
    if (!isValidAddress(order.currency, order.to))
      throw new Error(`not an ${this.network} address: ${order.to}`);
    const to = getAddress(order.to);
    if (!contract) return { to, value: order.amount, data: '0x', gasLimit: NATIVE_GAS };
    return {
      to: contract,
      value: 0n,
      data: encodeTransfer(to, order.amount),
      gasLimit: this.config.tokenGasLimit,
    };
  }
}
