import type { TreasuryPayoutRequested } from '@swap/contracts';
import { CURRENCIES, type Logger } from '@swap/domain';
import type { TransferLifecycle } from '@swap/treasury-data';
import { HOT_WALLET_INDEX } from '../keys/treasury-keys';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { TransferDispatcher } from '../sending/transfer-dispatcher';

/**
 * treasuryPayoutRequested → a PLANNED payout from the hot wallet, keyed by payoutId: a repeated
 * command is the same payout. The network's sender takes it from there; the command may be
 * acknowledged as soon as this returns, the row being the durable record.
 */
export class PlanPayout {
  constructor(
    private readonly transfers: TransferLifecycle,
    private readonly dispatcher: TransferDispatcher,
    private readonly reservations: ReservationsSignal,
    private readonly logger: Logger,
  ) {}

  async execute(command: TreasuryPayoutRequested): Promise<void> {
    if (CURRENCIES[command.currency].network !== command.network || BigInt(command.amount) <= 0n) {
      // Can never be paid as asked: a bug on the sending side, which no retry would fix.
      this.logger.error(
        { payoutId: command.payoutId },
        'payout with a foreign currency or no amount; ignored',
      );
      return;
    }
    const { created } = await this.transfers.plan({
      id: command.payoutId,
      kind: 'payout',
      swapId: command.swapId,
      network: command.network,
      currency: command.currency,
      fromIndex: HOT_WALLET_INDEX,
      to: command.address,
      amount: BigInt(command.amount),
    });
    if (created) this.reservations.changed(command.network);
    this.dispatcher.kick(command.network);
  }
}
