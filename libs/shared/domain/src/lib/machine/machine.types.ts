import { CurrencyCode } from '../currencies';
import { Swap } from '../swap';

/** Market facts the engine looks up when a deposit reaches its required confirmations. */
export interface CreditingMarket {
  /** Current to-coin per 1 from-coin, exact decimal string. */
  rate: string;
  /** To-currency base units the service can pay right now; null = no limit. */
  payoutAvailable: bigint | null;
  /** The pair minimum in from-currency base units. */
  pairMin: bigint;
}

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
    }
  /**
   * A deposit left the chain. `credited`: the engine's log says the swap's credit included it
   * (rule 1 credits extra deposits with the first), whichever deposit the swap tracks.
   */
  | { kind: 'DepositReverted'; now: number; txid: string; credited?: boolean }
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
  | { kind: 'OperatorRefund'; now: number; address?: string };

export type SwapEventKind = SwapEvent['kind'];
export type EventOf<K extends SwapEventKind> = Extract<SwapEvent, { kind: K }>;

/** What the caller must do after persisting the new state (it publishes every change itself). */
export type SwapEffect =
  | { kind: 'RequestPayout'; amount: bigint; address: string }
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
