import { InvalidArgumentError } from 'commander';

// Argument parsers of `swapctl currencies|pairs …`: each returns the checked value or a message for
// the operator. Which codes exist, and each currency's own minimum, are for the pricing service to say.

/** A currency code in any letter case: btc → BTC. */
export const parseCode = (value: string): string => value.toUpperCase();

/** The share of the treasury's available balance that quotes offer, 0–100 (kept as typed); 0 = no limit. */
export function parseLiquidityPercent(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  const whole = match ? BigInt(match[1]) : null;
  const above100 = whole !== null && (whole > 100n || (whole === 100n && /[1-9]/.test(match?.[2] ?? '')));
  if (whole === null || above100) {
    throw new InvalidArgumentError(
      'percent must be a plain decimal from 0 to 100, such as 50 or 12.5 (0: no limit)',
    );
  }
  return value;
}

/** A pair's minimum send amount as a plain decimal, or `default`: back to the currency's (null). */
export function parsePairMin(value: string): string | null {
  if (value.toLowerCase() === 'default') return null;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    throw new InvalidArgumentError('min must be a plain decimal such as 0.01, or default');
  }
  return value;
}
