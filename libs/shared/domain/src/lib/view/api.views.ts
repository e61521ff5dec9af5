/**
 * The `data` shapes of section 2 (currencies, pairs, quotes), as the gateway renders them and the
 * SDK types them: one definition for both sides.
 */
import { CurrencyCode, Network } from '../currencies';
import { RateType } from '../swap';

/** Section 2.2: one currency of /swap/currencies. */
export interface CurrencyInfoView {
  code: CurrencyCode;
  coin: string;
  network: Network;
  name: string;
  recv: boolean;
  send: boolean;
  precision: number;
  reqConfirmations: number;
  min: number;
}

/** Section 2.3: one pair of /swap/pairs. */
export interface PairView {
  from: CurrencyCode;
  to: CurrencyCode;
  type: 'direct';
  via: string[];
  available: boolean;
  fixed: boolean;
  min: number;
}

/** One side of a quote: the currency, then its numbers rounded to its precision (D6). */
export interface QuoteSideView {
  code: CurrencyCode;
  coin: string;
  network: Network;
  name: string;
  amount: number;
  rate: number;
  precision: number;
  min: number;
  max: number;
  usd: number;
}

/** Section 2.4: the data of /swap/price. */
export interface QuoteView {
  from: QuoteSideView;
  to: QuoteSideView;
  fee: { percent: number; partnerPercent: number; amount: number };
  errors: string[];
  slippage: number;
  rateType: RateType;
  bufferPercent: number;
  guaranteedAmount: number | null;
  expiresIn: number;
}
