import type { KeyRights, QuoteView } from '@swap/domain';
import type { QuoteSwap } from '../quote-swap.use-case';
import { parseQuoteRequest } from '../swap-request.parser';
import { type NewSwapForm, quoteBodyOf, refOf } from './new-swap.form';
import type { ReferralSwaps } from './referral-swaps.port';

/** The swap page's quote: section 4.4's, on the terms the referral code's key would get. */
export class PageQuote {
  constructor(
    private readonly swaps: Pick<ReferralSwaps, 'rightsOf'>,
    private readonly quotes: Pick<QuoteSwap, 'execute'>,
  ) {}

  async execute(form: NewSwapForm): Promise<QuoteView> {
    return this.priced(form, await this.swaps.rightsOf(refOf(form)));
  }

  /** The same, when the code's rights are already known (the page rendered with its quote). */
  priced(form: NewSwapForm, rights: KeyRights): QuoteView {
    return this.quotes.execute(parseQuoteRequest(quoteBodyOf(form), rights));
  }
}
