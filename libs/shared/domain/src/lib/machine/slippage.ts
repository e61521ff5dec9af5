/** Slippage of a credited deposit: how far the applied rate is from the quoted one (section 2.5). */

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** value = units / 10^scale */
interface Fraction {
  units: bigint;
  scale: bigint;
}

function parse(text: string): Fraction {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a plain non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1] + fraction), scale: BigInt(fraction.length) };
}

const pow10 = (n: bigint | number): bigint => 10n ** BigInt(n);

const SLIPPAGE_PLACES = 8n;

/** (applied / quoted − 1) × 100 as a decimal string, rounded half away from zero to 8 places. */
export function slippagePercent(applied: string, quoted: string): string {
  const a = parse(applied);
  const q = parse(quoted);
  if (q.units === 0n) return '0';
  // (a.units/10^a.scale) / (q.units/10^q.scale) − 1, times 100 and 10^places, as one fraction.
  const numerator = (a.units * pow10(q.scale) - q.units * pow10(a.scale)) * 100n * pow10(SLIPPAGE_PLACES);
  const denominator = q.units * pow10(a.scale);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const scaled = (abs * 2n + denominator) / (denominator * 2n);
  if (scaled === 0n) return '0';
  const digits = scaled.toString().padStart(Number(SLIPPAGE_PLACES) + 1, '0');
  const whole = digits.slice(0, digits.length - Number(SLIPPAGE_PLACES));
  const fraction = digits.slice(digits.length - Number(SLIPPAGE_PLACES)).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
