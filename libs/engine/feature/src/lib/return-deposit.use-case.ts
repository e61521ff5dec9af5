import type { DepositReturn as DepositReturnMessage } from '@swap/contracts';
import {
  CURRENCIES,
  isValidAddress,
  SwapErrors,
  type AddressChains,
  type Swap,
  type Clock,
} from '@swap/domain';
import { latestReturn } from '@swap/engine-domain';
import { DepositLogRepository, LoggedDepositRecord, SwapRepository } from '@swap/engine-data';
import { ApplySwapEvent } from './apply-event';
import { depositReturnView } from './deposit-returns';

export interface ReturnDepositCommand {
  swapId: string;
  depositId: string;
  /** Null: the swap's refund address. */
  address: string | null;
}

/**
 * An operator sends back a deposit the swap did not take: one whose automatic return failed, one
 * waiting for an address the swap does not have (DONE without one), or one to send elsewhere. It
 * goes back like a refund, less the 1 % refund fee, the service paying the network fee; the state
 * machine keeps one return of a deposit under way or done at a time, under the swap's version guard.
 */
export class ReturnDeposit {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly deposits: DepositLogRepository,
    private readonly apply: ApplySwapEvent,
    /** Networks run on testnet or regtest: addresses in their formats (D8). */
    private readonly chains: AddressChains = {},
    private readonly clock: Clock = Date.now,
  ) {}

  async execute(command: ReturnDepositCommand): Promise<DepositReturnMessage> {
    const swap = await this.swaps.find(command.swapId);
    if (!swap) throw SwapErrors.swapNotFound();
    if (swap.dryrun) throw SwapErrors.depositReturnNotPossible('a dry-run swap has no deposits');
    const deposit = await this.returnable(swap, command.depositId);
    if (command.address === null && swap.refundAddress === null)
      throw SwapErrors.depositReturnNotPossible('the swap has no refund address; give one');
    if (command.address !== null && !isValidAddress(swap.from, command.address, this.chains))
      throw SwapErrors.invalidRefundAddress(swap.from);
    const { swap: saved } = await this.apply.execute(
      swap.id,
      () => ({
        kind: 'OperatorReturnDeposit',
        now: Math.floor(this.clock() / 1000),
        deposit: deposit.depositId,
        txid: deposit.txid,
        amount: deposit.amount,
        ...(command.address === null ? {} : { address: command.address }),
      }),
      (rejection) =>
        SwapErrors.depositReturnNotPossible(
          `the swap is ${rejection.status}; a deposit is credited with the first while the swap waits for it`,
        ),
    );
    const ret = latestReturn(saved, deposit.depositId);
    const view = ret && depositReturnView(saved, ret);
    if (!view) throw SwapErrors.depositReturnNotPossible(ret?.reason ?? 'nothing could be sent');
    return view;
  }

  /** The deposit, if it has all its confirmations, is on the chain and not in the swap's own credit. */
  private async returnable(swap: Swap, depositId: string): Promise<LoggedDepositRecord> {
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
}
