import { SwapErrors } from './errors';
import type { Direction, RateType } from './swap';

/**
 * The settings of an API key that bound what it may ask for (section 5, item 4). The gateway
 * judges a request with these before it reaches the engine; the engine judges it again.
 */
export interface KeyRights {
  fixedRateEnabled: boolean;
  dryrunEnabled: boolean;
  /** The key's volume share (a decimal percent): the key sets fee.partnerPercent, never the body. */
  partnerPercent: string;
}

/** The terms a key's rights give a request: its rate type and the key's partner share. */
export interface RateTerms {
  type: RateType;
  partnerPercent: string;
}

/** Section 4.1: a `to` order (amountTo given) is always fixed-rate, whatever `type` says. */
export function rateTypeOf(request: { type: RateType; direction: Direction }): RateType {
  return request.direction === 'to' ? 'fixed' : request.type;
}

/** Sections 4.1 and 4.4: a fixed rate, a `to` order's included, needs fixed_rate_enabled. */
export function rateTerms(request: { type: RateType; direction: Direction }, key: KeyRights): RateTerms {
  const type = rateTypeOf(request);
  if (type === 'fixed' && !key.fixedRateEnabled) throw SwapErrors.fixedRateNotEnabled();
  return { type, partnerPercent: key.partnerPercent };
}

/** Section 4.1: a dry run needs dryrun_enabled. */
export function assertDryRunAllowed(request: { dryrun: boolean }, key: KeyRights): void {
  if (request.dryrun && !key.dryrunEnabled) throw SwapErrors.dryRunNotEnabled();
}
