import { isValidAddress, type CurrencyCode, type Logger } from '@swap/domain';
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
import type { SolanaConfig } from './solana-config';
import { isSolanaRpcCode, type SolanaRpc } from './solana-rpc';
import { LAMPORTS_PER_SIGNATURE, signSolanaTransfer, type SolanaLifetime } from './solana-transaction';
import { recentPriorityFee } from './solana-fees';

/** sendTransaction's preflight failed (the data's err says why) and signature verification failed. */
const SIMULATION_FAILED = -32002;
const SIGNATURE_INVALID = -32003;
/** The node is behind or unhealthy: not a verdict on the transaction. */
const NODE_UNHEALTHY = -32005;

const HOT_WALLET_INDEX = 0;

/**
 * ChainSender of a Solana node: System transfers signed by the treasury's address keys, with a
 * recent blockhash, so each carries its deadline (validUntil = lastValidBlockHeight). Payouts and
 * refunds leave the hot wallet with a priority fee (SOL_PRIORITY_FEE_MICROLAMPORTS, else the node's
 * recent fees); a sweep leaves its deposit address with the base fee alone, which the planned
 * amount already left for it, so the account ends exactly empty (closed, no rent owed).
 */
export class SolanaSender implements ChainSender {
  readonly network = 'SOL' as const;
  readonly independent = true;
  private rentMinimum: bigint | null = null;

  constructor(
    private readonly rpc: SolanaRpc,
    private readonly config: SolanaConfig,
    private readonly keys: SenderKeys,
    private readonly logger?: Logger,
  ) {}

  sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    return signAsBatch(this, order, signer);
  }

  /** One blockhash and one priority fee for the batch; each transfer signed on its own. */
  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    if (items.length === 0) return [];
    for (const { order, signer } of items) this.check(order, signer);
    const fromHot = items.some(({ signer }) => signer.index === HOT_WALLET_INDEX);
    const [lifetime, priorityFee] = await Promise.all([
      this.lifetime(),
      fromHot ? this.priorityFee(items) : Promise.resolve(0n),
    ]);
    await Promise.all(items.map(({ order, signer }) => this.assertRentPaid(order, signer)));
    return items.map(({ order, signer }) =>
      signSolanaTransfer({
        signer,
        to: order.to,
        lamports: order.amount,
        lifetime,
        priorityFee: signer.index === HOT_WALLET_INDEX ? priorityFee : 0n,
        computeUnitLimit: this.config.computeUnitLimit,
      }),
    );
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    if (tx.network !== 'SOL')
      return { accepted: false, reason: `a ${tx.network} transaction cannot go to SOL` };
    try {
      await this.rpc.call('sendTransaction', [
        tx.raw,
        { encoding: 'base64', skipPreflight: false, preflightCommitment: 'confirmed' },
      ]);
      this.logger?.debug({ network: 'SOL', txid: tx.txid }, 'transaction broadcast');
      return { accepted: true };
    } catch (err) {
      if (isSolanaRpcCode(err, NODE_UNHEALTHY) || !isSolanaRpcCode(err, SIMULATION_FAILED, SIGNATURE_INVALID))
        throw err;
      const cause = (err.data as { err?: unknown } | undefined)?.err;
      // The same bytes landed already: what a repeated broadcast must find.
      if (cause === 'AlreadyProcessed') return { accepted: true };
      // The blockhash is checked first: bytes that landed, sent again once it expired, are its too.
      if (cause === 'BlockhashNotFound' && (await this.landed(tx.txid))) return { accepted: true };
      const reason = cause === undefined ? err.reason : `${err.reason} (${JSON.stringify(cause)})`;
      this.logger?.warn({ network: 'SOL', txid: tx.txid, reason }, 'transaction refused');
      return cause === 'BlockhashNotFound'
        ? { accepted: false, reason, expired: true }
        : { accepted: false, reason };
    }
  }

  private async landed(signature: string): Promise<boolean> {
    const answer = await this.rpc.call<{ value: unknown[] }>('getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    return (answer.value[0] ?? null) !== null;
  }

  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    const results: BroadcastResult[] = [];
    for (const tx of txs) results.push(await this.broadcast(tx));
    return results;
  }

  /** What a sweep pays: one signature, no priority fee (see the class comment). */
  async estimateFee(currency: CurrencyCode): Promise<bigint> {
    if (currency !== 'SOL') throw new Error(`${currency} is not a currency of SOL`);
    return LAMPORTS_PER_SIGNATURE;
  }

  private check(order: TransferOrder, signer: AddressSigner): void {
    if (order.currency !== 'SOL') throw new Error(`${order.currency} is not a currency of SOL`);
    checkAccountSigner('SOL', this.keys, order, signer);
    if (!isValidAddress('SOL', order.to)) throw new Error(`not a SOL address: ${order.to}`);
  }

  private async lifetime(): Promise<SolanaLifetime> {
    const answer = await this.rpc.call<{ value: { blockhash: string; lastValidBlockHeight: string } }>(
      'getLatestBlockhash',
      [{ commitment: 'confirmed' }],
    );
    return {
      blockhash: answer.value.blockhash,
      lastValidBlockHeight: Number(answer.value.lastValidBlockHeight),
    };
  }

  private async priorityFee(items: readonly SigningItem[]): Promise<bigint> {
    if (this.config.priorityFee !== null) return this.config.priorityFee;
    const hot = items.find(({ signer }) => signer.index === HOT_WALLET_INDEX)?.signer.address;
    const fees = await this.rpc.call<Array<{ prioritizationFee: string }>>('getRecentPrioritizationFees', [
      hot ? [hot] : [],
    ]);
    return recentPriorityFee(
      fees.map((fee) => BigInt(fee.prioritizationFee)),
      this.config.maxPriorityFee,
    );
  }

  /**
   * A transfer that would open an account below the rent-exempt minimum can never land (the runtime
   * refuses it): it fails at once, with words an operator can repeat, rather than on-chain.
   */
  private async assertRentPaid(order: TransferOrder, signer: AddressSigner): Promise<void> {
    if (signer.index !== HOT_WALLET_INDEX) return;
    const minimum = await this.rentExemptMinimum();
    if (order.amount >= minimum) return;
    const answer = await this.rpc.call<{ value: string }>('getBalance', [
      order.to,
      { commitment: 'confirmed' },
    ]);
    if (BigInt(answer.value) > 0n) return;
    throw new UnsignableTransfer(
      `${order.amount} lamports would open ${order.to} below Solana's rent-exempt minimum of ${minimum} lamports`,
    );
  }

  private async rentExemptMinimum(): Promise<bigint> {
    this.rentMinimum ??= BigInt(await this.rpc.call<string>('getMinimumBalanceForRentExemption', [0]));
    return this.rentMinimum;
  }
}
