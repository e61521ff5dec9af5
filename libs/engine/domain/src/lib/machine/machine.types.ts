import { CreditingMarket, CurrencyCode, Swap } from '@swap/domain';

/** Market facts for an emergency decision. */
export interface DecisionMarket {
  rate: string;
  payoutAvailable: bigint | null;
}

/** Everything that can happen to a swap. `now` is UNIX seconds. */
export type SwapEvent =
  | { kind: 'DryRunAdvanced'; now: number }
  | { kind: 'PaymentWindowEnded'; now: number }
  /** A deposit entered the mempool (0 confirmations). */
  | { kind: 'DepositSeen'; now: number; tx: string; amount: bigint }
  | { kind: 'DepositConfirmations'; now: number; txid: string; confirmations: number }
  /**
   * The deposit reached the currency's required confirmations. `amount` is everything deposited
   * to the address with those confirmations (rule 1: extra deposits are credited with it).
   */
  | {
      kind: 'DepositCredited';
      now: number;
      txid: string;
      amount: bigint;
      market: CreditingMarket;
      /** The engine's ids of the deposits `amount` adds up; the machine does not read them. */
      deposits?: readonly string[];
      /**
       * Their transactions. When the tracked deposit is not among them (a fee bump replaced it,
       * and its vanishing is not reported yet), `txid` is one of them and the swap follows it.
       */
      txids?: readonly string[];
    }
  /**
   * A deposit reached its confirmations after the swap's own credit, or after the swap ended
   * (rule 1 in full): joined, paid out on its own, or returned. `deposit` is the engine's id of
   * it. `market` is given where the swap may exchange it (RATE_CHANGED, EXCHANGING, SENDING).
   */
  | {
      kind: 'LaterDepositCredited';
      now: number;
      deposit: string;
      txid: string;
      amount: bigint;
      market: CreditingMarket | null;
    }
  /**
   * A deposit left the chain. `credited`: the engine's log says the swap's credit included it
   * (rule 1 credits extra deposits with the first), whichever deposit the swap tracks. `deposit`:
   * the engine's id of it.
   */
  | { kind: 'DepositReverted'; now: number; txid: string; credited?: boolean; deposit?: string }
  /** POST /swap/emergency; `address` was already validated for the source chain by the caller. */
  | {
      kind: 'DecisionMade';
      now: number;
      choice: 'EXCHANGE' | 'REFUND';
      address?: string;
      market: DecisionMarket;
    }
  | {
      kind: 'PayoutBroadcast';
      now: number;
      tx: string;
      fee?: bigint | null;
      feeCurrency?: CurrencyCode | null;
      txKey?: string | null;
    }
  | {
      kind: 'PayoutConfirmed';
      now: number;
      tx: string;
      confirmations?: number;
      /** The fee as the chain charged it, once known (EVM: below the one signed for). */
      fee?: bigint | null;
    }
  | { kind: 'PayoutFailed'; now: number; reason: string }
  /** Progress of a later deposit's own payout (`deposit` names it). */
  | {
      kind: 'FurtherPayoutBroadcast';
      now: number;
      deposit: string;
      tx: string;
      fee?: bigint | null;
      feeCurrency?: CurrencyCode | null;
      txKey?: string | null;
    }
  | {
      kind: 'FurtherPayoutConfirmed';
      now: number;
      deposit: string;
      tx: string;
      confirmations?: number;
      fee?: bigint | null;
    }
  | { kind: 'FurtherPayoutFailed'; now: number; deposit: string; reason: string }
  /** The refunds service's progress of a deposit's return. */
  | {
      kind: 'ReturnProgressed';
      now: number;
      returnId: string;
      state: 'sent' | 'confirmed' | 'failed';
      tx: string | null;
      fee?: bigint | null;
      feeCurrency?: CurrencyCode | null;
      confirmations: number;
      reason?: string | null;
    }
  | {
      kind: 'RefundSent';
      now: number;
      tx: string;
      fee?: bigint | null;
      feeCurrency?: CurrencyCode | null;
      confirmations?: number;
    }
  | { kind: 'RefundFailed'; now: number; reason: string }
  | { kind: 'OperatorRetryPayout'; now: number }
  | { kind: 'OperatorRefund'; now: number; address?: string }
  /**
   * An operator sends back a deposit the swap did not take (swapctl swaps return-deposit), to
   * `address` or the swap's refund address; the engine has checked the deposit is confirmed, on
   * the chain and not in the swap's own credit.
   */
  | {
      kind: 'OperatorReturnDeposit';
      now: number;
      deposit: string;
      txid: string;
      amount: bigint;
      address?: string;
    };

export type SwapEventKind = SwapEvent['kind'];
export type EventOf<K extends SwapEventKind> = Extract<SwapEvent, { kind: K }>;

/** What the caller must do after persisting the new state (it publishes every change itself). */
export type SwapEffect =
  /** `payoutId`: a later deposit's own payout, which the machine names; otherwise the swap's payout. */
  | { kind: 'RequestPayout'; amount: bigint; address: string; payoutId?: string }
  /** A deposit's return (`id` is the return's), sent like a refund. */
  | { kind: 'RequestReturn'; id: string; deposit: string; deposited: bigint; amount: bigint; address: string }
  | { kind: 'RequestRefund'; amount: bigint; address: string }
  | { kind: 'CancelExpiryTimer' }
  /** A reverted deposit put the swap back to NEW: the payment window runs again until `at`. */
  | { kind: 'ScheduleExpiryTimer'; at: number };

export type MachineRejectionReason =
  | 'EXCHANGE_NOT_ALLOWED'
  | 'REFUND_NOT_ALLOWED'
  | 'REFUND_ADDRESS_REQUIRED'
  | 'REFUND_ADDRESS_ALREADY_SET'
  | 'UNDER_MANUAL_REVIEW'
  | 'DRYRUN_NO_DECISION'
  | 'NOT_DRYRUN'
  | 'DRYRUN_DONE'
  /** A return of the deposit is under way or done, or the swap's own credit took it. */
  | 'RETURN_NOT_POSSIBLE'
  /** No row of the table accepts this event in this state (late, duplicate or out-of-order). */
  | 'INVALID_EVENT';

/** Why the machine refused an event; the caller maps the reason to the error catalogue. */
export interface MachineRejection {
  reason: MachineRejectionReason;
  status: Swap['status'];
  event: SwapEventKind;
}

export type TransitionResult =
  | {
      ok: true;
      /** A new object; `version` is not bumped (the repository does that). */
      swap: Swap;
      effects: SwapEffect[];
      /** false when the event was accepted but changes nothing (duplicate, recorded elsewhere). */
      changed: boolean;
    }
  | { ok: false; rejection: MachineRejection };
