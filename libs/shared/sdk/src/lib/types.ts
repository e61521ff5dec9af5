/** Response shapes of the swap API (section 2 of the interface document). */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string;
  data: T | null;
  retry_after?: number;
}

export type RateType = 'float' | 'fixed';
export type Direction = 'from' | 'to';

export interface CurrencyInfo {
  code: string;
  coin: string;
  network: string;
  name: string;
  recv: boolean;
  send: boolean;
  precision: number;
  reqConfirmations: number;
  min: number;
}

export interface PairInfo {
  from: string;
  to: string;
  type: 'direct';
  via: string[];
  available: boolean;
  fixed: boolean;
  min: number;
}

interface QuoteSide {
  code: string;
  coin: string;
  network: string;
  name: string;
  amount: number;
  rate: number;
  precision: number;
  min: number;
  max: number;
  usd: number;
}

export interface Quote {
  from: QuoteSide;
  to: QuoteSide;
  fee: { percent: number; partnerPercent: number; amount: number };
  errors: string[];
  slippage: number;
  rateType: RateType;
  bufferPercent: number;
  guaranteedAmount: number | null;
  expiresIn: number;
}

export interface TxInfo {
  id: string;
  amount: string;
  fee: string | null;
  feeCurrency: string | null;
  timeReg: number;
  timeBlock?: number | null;
  confirmations: number;
  txKey?: string | null;
}

export interface SwapOrder {
  id: string;
  token: string;
  type: RateType;
  status: string;
  time: {
    reg: number;
    start: number | null;
    finish: number | null;
    update: number;
    expiration: number;
    left: number | null;
  };
  from: {
    code: string;
    coin: string;
    network: string;
    name: string;
    amount: string;
    amountDeposited: string;
    address: string;
    reqConfirmations: number;
    tx: TxInfo | null;
  };
  to: {
    code: string;
    coin: string;
    network: string;
    name: string;
    amount: string;
    address: string;
    tx: TxInfo | null;
  };
  refund: { address: string | null; tx: TxInfo | null };
  issue: { type: string | null; reason: string | null; needsRefundAddress: boolean; choice: string };
  rate: string;
  rateActual: string | null;
  fee: { percent: number; amount: string; partnerPercent: number };
  slippage: number | null;
  proposed: { rate: string; amount: string } | null;
  dryrun: boolean;
  url: string | null;
}

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
