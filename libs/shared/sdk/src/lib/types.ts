/** Response shapes of the swap API (section 2 of the interface document). */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string;
  data: T | null;
  retry_after?: number;
}

export type RateType = 'float' | 'fixed';
export type Direction = 'from' | 'to';

// The data shapes are the server's own view types, so the SDK cannot drift from what it returns.
export type {
  ChainTxView as TxInfo,
  CurrencyInfoView as CurrencyInfo,
  PairView as PairInfo,
  PayoutTxView as PayoutTxInfo,
  QuoteView as Quote,
  SwapOrderView as SwapOrder,
} from '@swap/domain';

export interface QuoteRequest {
  from: string;
  to: string;
  amount: number | string;
  type?: RateType;
  direction?: Direction;
}

export interface CreateSwapRequest extends QuoteRequest {
  toAddress: string;
  refundAddress?: string;
  dryrun?: boolean;
}
