import {
  CURRENCIES,
  isValidAddress,
  refundAmount,
  SwapErrors,
  type AddressChains,
  type Swap,
  type SwapStatus,
} from '@swap/domain';
import {
  DepositLogRepository,
  DepositReturnRecord,
  DepositReturnRepository,
  LoggedDepositRecord,
  OutboxMessage,
  SwapRepository,
} from '@swap/engine-data';
import { ApplySwapEvent } from './apply-event';
import { depositReturnCommand, depositReturnEvent } from './deposit-returns';

/** A swap that has ended takes no deposit any more: what still arrives can only go back. */
const ENDED: readonly SwapStatus[] = ['DONE', 'EXPIRED', 'REFUNDED'];

export interface ReturnDepositCommand {
  swapId: string;
  depositId: string;
  /** Null: the swap's refund address. */
  address: string | null;
}

/**
 * An operator sends back a deposit its swap did not take: one that came after the crediting or
 * after the swap ended. It goes back like a refund, less the 1 % refund fee, the service paying
 * the network fee, and only once: the return is recorded with its refund command in one
 * transaction, and the database refuses a second return of a deposit while one is under way or done.
 */
export class ReturnDeposit {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly deposits: DepositLogRepository,
    private readonly returns: DepositReturnRepository,
    private readonly apply: ApplySwapEvent,
    private readonly onCommitted: (messages: OutboxMessage[]) => void | Promise<void>,
    /** Networks run on testnet or regtest: addresses in their formats (D8). */
    private readonly chains: AddressChains = {},
    private readonly clock: () => number = Date.now,
  ) {}

  execute(command: ReturnDepositCommand): Promise<DepositReturnRecord> {
    // In the swap's mailbox: the deposit log does not change under the checks.
    return this.apply.exclusive(command.swapId, async () => {
      const swap = await this.swaps.find(command.swapId);
      if (!swap) throw SwapErrors.swapNotFound();
      const deposit = await this.returnable(swap, command.depositId);
      const address = this.destination(swap, command.address);
      const amount = refundAmount(deposit.amount, swap.from);
      if (amount <= 0n) throw SwapErrors.depositReturnNotPossible('it is smaller than the refund fee');
      let messages: OutboxMessage[] = [];
      const saved = await this.returns.request(
        {
          swapId: swap.id,
          depositId: deposit.depositId,
          network: CURRENCIES[swap.from].network,
          currency: swap.from,
          address,
          deposited: deposit.amount,
          amount,
          requestedAt: Math.floor(this.clock() / 1000),
        },
        (record) => (messages = [depositReturnCommand(record), depositReturnEvent(record, swap)]),
      );
      if (!saved) throw SwapErrors.depositReturnNotPossible('it is being returned or was returned already');
      await this.onCommitted(messages);
      return saved;
    });
  }

  /** The deposit, if the swap has ended without it and it has all its confirmations. */
  private async returnable(swap: Swap, depositId: string): Promise<LoggedDepositRecord> {
    if (swap.dryrun) throw SwapErrors.depositReturnNotPossible('a dry-run swap has no deposits');
    if (!ENDED.includes(swap.status))
      throw SwapErrors.depositReturnNotPossible(
        `the swap is ${swap.status}; a deposit it did not take can be returned once it is DONE, EXPIRED or REFUNDED`,
      );
    const deposit = (await this.deposits.forSwap(swap.id)).find((d) => d.depositId === depositId);
    if (!deposit) throw SwapErrors.depositReturnNotPossible(`the swap has no deposit ${depositId}`);
    if (deposit.credited) throw SwapErrors.depositReturnNotPossible('the swap was credited with it');
    if (deposit.reverted) throw SwapErrors.depositReturnNotPossible('it is no longer on the chain');
    const required = CURRENCIES[swap.from].reqConfirmations;
    if (deposit.confirmations < required)
      throw SwapErrors.depositReturnNotPossible(
        `it has ${deposit.confirmations} of ${required} confirmations`,
      );
    return deposit;
  }

  private destination(swap: Swap, address: string | null): string {
    if (address === null) {
      if (swap.refundAddress) return swap.refundAddress;
      throw SwapErrors.depositReturnNotPossible('the swap has no refund address; give one');
    }
    if (!isValidAddress(swap.from, address, this.chains)) throw SwapErrors.invalidRefundAddress(swap.from);
    return address;
  }
}
