import { CreditingMarket, Swap } from '@swap/domain';
import { SwapEvent } from '../machine.types';

/**
 * One event of a report, built from the swap as the events before it left it (a report may move
 * the swap several steps); null when there is nothing to apply to the swap as it is then.
 */
export type EventBuilder = (swap: Swap) => SwapEvent | null;

/** The market a deposit to the swap is credited at, now; throws while prices are stale (the report comes back). */
export type MarketNow = (swap: Swap) => CreditingMarket;
