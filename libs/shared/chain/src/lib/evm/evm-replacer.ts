import { getAddress, Transaction } from 'ethers';
import { UnsignableTransfer, type AddressSigner, type SignedTransaction } from '../chain-sender';
import type { BumpRequest, FillRequest, TransactionReplacer } from '../replacement';
import { bumpedFees } from './evm-bump';
import type { EvmConfig, EvmNetwork } from './evm-config';
import { currentFeeMarket } from './evm-fee-market';
import type { EvmRpc } from './evm-rpc';
import { signEvmTransaction, type EvmTxFields } from './evm-sign';

const GWEI = 10n ** 9n;
/** A plain value transfer to an address without code. */
const NATIVE_GAS = 21_000n;

/**
 * EVM fee bumps and nonce fillers: a type-2 transaction at the stuck one's nonce, each fee field
 * at least 10 % higher. The node keeps one transaction per nonce, so at most one of them lands.
 */
export class EvmReplacer implements TransactionReplacer {
  constructor(
    private readonly network: EvmNetwork,
    private readonly rpc: EvmRpc,
    private readonly config: EvmConfig,
  ) {}

  /** The same call (to, value, data, gas limit) at higher fees. */
  async bump({ tx, signer, feeRate }: BumpRequest): Promise<SignedTransaction[]> {
    const old = this.decode(tx, signer);
    const fees = await this.fees(old, feeRate);
    const to = old.to as string;
    return [
      this.sign(
        { nonce: old.nonce, to, value: old.value, data: old.data, gasLimit: old.gasLimit },
        fees,
        signer,
      ),
    ];
  }

  /** Nothing to `to` (the hot wallet) at the stuck transaction's nonce. */
  async fill({ tx, signer, to, feeRate }: FillRequest): Promise<SignedTransaction> {
    const old = this.decode(tx, signer);
    const fees = await this.fees(old, feeRate);
    return this.sign(
      { nonce: old.nonce, to: getAddress(to), value: 0n, data: '0x', gasLimit: NATIVE_GAS },
      fees,
      signer,
    );
  }

  private decode(tx: SignedTransaction, signer: AddressSigner): Transaction {
    const old = Transaction.from(tx.raw);
    if (old.type !== 2 || old.maxFeePerGas === null || old.maxPriorityFeePerGas === null || !old.to)
      throw new UnsignableTransfer(`${tx.txid} is not a type-2 transfer this treasury signed`);
    if (old.from !== signer.address)
      throw new UnsignableTransfer(`${tx.txid} was not signed by ${signer.address}`);
    return old;
  }

  private async fees(old: Transaction, feeRateGwei: bigint | undefined) {
    const market = await currentFeeMarket(this.rpc, this.config);
    const fees = bumpedFees(
      { maxFeePerGas: old.maxFeePerGas as bigint, maxPriorityFeePerGas: old.maxPriorityFeePerGas as bigint },
      market,
      feeRateGwei === undefined ? undefined : feeRateGwei * GWEI,
    );
    const cap = this.config.maxFeePerGas;
    const name = `${this.network}_MAX_FEE_GWEI`;
    if (fees.maxFeePerGas > cap)
      throw new UnsignableTransfer(
        `the replacement needs maxFeePerGas ${fees.maxFeePerGas} wei, above the cap ${cap} wei (${name})`,
      );
    if (fees.maxFeePerGas < market.baseFee + fees.maxPriorityFeePerGas)
      throw new UnsignableTransfer(
        `maxFeePerGas ${fees.maxFeePerGas} wei does not cover today's base fee ${market.baseFee} wei and tip ${fees.maxPriorityFeePerGas} wei`,
      );
    return fees;
  }

  private sign(
    call: Pick<EvmTxFields, 'nonce' | 'to' | 'value' | 'data' | 'gasLimit'>,
    fees: Pick<EvmTxFields, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
    signer: AddressSigner,
  ): SignedTransaction {
    return signEvmTransaction(this.network, { chainId: this.config.chainId, ...call, ...fees }, signer);
  }
}
