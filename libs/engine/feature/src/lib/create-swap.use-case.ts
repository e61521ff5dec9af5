import { EngineCreateSwapRequest } from '@swap/contracts';
import {
  assertDryRunAllowed,
  Clock,
  CURRENCIES,
  newDryRunId,
  newSwapId,
  newSwapToken,
  rateTerms,
  Swap,
} from '@swap/domain';
import { OutboxMessage, SwapRepository } from '@swap/engine-data';
import { MarketFeed, priceSwap } from '@swap/market';
import { DepositAddresses, DRYRUN_INDEX_OFFSET } from './deposit-addresses';
import { swapUpdatedMessage } from './swap-updated.message';

export interface CreateSwapSettings {
  paymentWindowSeconds: number;
  clock: Clock;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Section 4.1 in the engine: re-check the key's rights, price the swap from the live market, take
 * a fresh deposit address and persist the swap (NEW) with its event in one transaction. A request
 * id seen before returns the swap it created, so a retried request never creates two swaps.
 */
export class CreateSwap {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly market: MarketFeed,
    private readonly addresses: DepositAddresses,
    private readonly settings: CreateSwapSettings,
    /** Gets the new swap's outbox message (the relay publishes it) before the swap is answered. */
    private readonly onCommitted: (messages: OutboxMessage[]) => void | Promise<void> = () => undefined,
  ) {}

  async execute(request: EngineCreateSwapRequest): Promise<Swap> {
    const existing = await this.swaps.findByRequestId(request.requestId);
    if (existing) return existing;

    const { key } = request;
    // The gateway's order (swap-request.parser.ts): a request both rules refuse gets the same error.
    assertDryRunAllowed(request, key);
    const { type, partnerPercent } = rateTerms(request, key);
    const quote = priceSwap(
      this.market,
      {
        from: request.from,
        to: request.to,
        type,
        direction: request.direction,
        amount: BigInt(request.amount),
        partnerPercent,
      },
      'create',
    );

    const now = Math.floor(this.settings.clock() / 1000);
    const network = CURRENCIES[request.from].network;
    const build = (index: number | null): Omit<Swap, 'seq'> => ({
      id: request.dryrun ? newDryRunId() : newSwapId(),
      token: newSwapToken(),
      apiKey: key.apiKey,
      dryrun: request.dryrun,
      ref: request.ref,
      type,
      direction: request.direction,
      status: 'NEW',
      from: request.from,
      to: request.to,
      amountFrom: quote.amountFrom,
      amountTo: quote.amountTo,
      amountDeposited: 0n,
      rate: quote.rate,
      rateActual: null,
      feePercent: quote.feePercent,
      partnerPercent: quote.partnerPercent,
      feeShare: key.feeShare,
      feeAmount: quote.feeAmount,
      slippage: null,
      depositAddress: this.addresses.address(network, index as number),
      depositIndex: index,
      toAddress: request.toAddress,
      refundAddress: request.refundAddress,
      depositTx: null,
      payoutTx: null,
      refundTx: null,
      issue: { type: null, reason: null, needsRefundAddress: false, choice: 'NONE' },
      proposed: null,
      autoExecuteOnMismatch: key.autoExecuteOnMismatch,
      later: [],
      returns: [],
      time: {
        reg: now,
        start: null,
        finish: null,
        update: now,
        expiration: now + this.settings.paymentWindowSeconds,
      },
      version: 0,
    });

    const counter = request.dryrun ? `dryrun:${network}` : network;
    try {
      const offset = request.dryrun ? DRYRUN_INDEX_OFFSET : 0;
      const swap = await this.swaps.insertNew(request.requestId, build, counter, swapUpdatedMessage, offset);
      await this.onCommitted([swapUpdatedMessage(swap)]);
      return swap;
    } catch (error) {
      // Two replicas raced on the same request id: the other one's swap is the answer.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      const raced = await this.swaps.findByRequestId(request.requestId);
      if (!raced) throw error;
      return raced;
    }
  }
}
