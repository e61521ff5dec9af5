import { CURRENCIES, CURRENCY_CODES, toUnits, type CurrencyCode } from '@swap/domain';
import { ConfigError } from '@swap/service-kit';
import type { OutflowLimits, PayoutLimits } from '@swap/treasury-domain';

type Window = keyof OutflowLimits;

/** The variable of each limit: TREASURY_MAX_<CODE>_PER_TRANSFER, _PER_HOUR, _PER_DAY. */
const SUFFIX: Record<Window, string> = {
  perTransfer: 'PER_TRANSFER',
  perHour: 'PER_HOUR',
  perDay: 'PER_DAY',
};
const PREFIX = 'TREASURY_MAX_';
export const limitVariable = (code: CurrencyCode, window: Window) => `${PREFIX}${code}_${SUFFIX[window]}`;

/**
 * Generous defaults, in whole coins (roughly half a million US dollars a transfer, two million an
 * hour, ten million a day at 2025 prices): they hold nothing a normal run pays, and still bound
 * what one bug or one stolen credential could empty a hot wallet of. Size them to your own hot
 * wallets (README, "Payout limits and the freeze").
 */
export const DEFAULT_LIMITS: Readonly<Record<CurrencyCode, Record<Window, string>>> = {
  BTC: { perTransfer: '5', perHour: '20', perDay: '100' },
  LTC: { perTransfer: '5000', perHour: '20000', perDay: '100000' },
  XMR: { perTransfer: '2000', perHour: '8000', perDay: '40000' },
  TRX: { perTransfer: '2000000', perHour: '8000000', perDay: '40000000' },
  ETH: { perTransfer: '150', perHour: '600', perDay: '3000' },
  SOL: { perTransfer: '3000', perHour: '12000', perDay: '60000' },
  AVAX: { perTransfer: '20000', perHour: '80000', perDay: '400000' },
  USDTTRC: { perTransfer: '500000', perHour: '2000000', perDay: '10000000' },
  USDTERC: { perTransfer: '500000', perHour: '2000000', perDay: '10000000' },
};

const WINDOWS = Object.keys(SUFFIX) as Window[];

/**
 * The payout policy's limits per currency from TREASURY_MAX_<CODE>_PER_TRANSFER, _PER_HOUR and
 * _PER_DAY (whole coins, a plain decimal; 0 holds every transfer for an operator), each defaulting
 * to DEFAULT_LIMITS. A malformed value, a variable of this family the treasury does not know (a
 * mistyped code) or limits out of order (per transfer ≤ per hour ≤ per day) stop the service:
 * a ConfigError naming every variable at fault.
 */
export function payoutLimits(env: NodeJS.ProcessEnv): PayoutLimits {
  const problems: string[] = [];
  const known = new Set(CURRENCY_CODES.flatMap((code) => WINDOWS.map((w) => limitVariable(code, w))));
  for (const name of Object.keys(env))
    if (name.startsWith(PREFIX) && !known.has(name))
      problems.push(
        `${name}: not a limit the treasury knows (${PREFIX}<CODE>_PER_TRANSFER, _PER_HOUR or _PER_DAY, CODE one of ${CURRENCY_CODES.join(', ')})`,
      );
  const limits = Object.fromEntries(
    CURRENCY_CODES.map((code) => {
      const of = Object.fromEntries(
        WINDOWS.map((window) => [window, amount(code, window, env, problems)]),
      ) as Record<Window, bigint | null>;
      const { perTransfer, perHour, perDay } = of;
      if (
        perTransfer !== null &&
        perHour !== null &&
        perDay !== null &&
        !(perTransfer <= perHour && perHour <= perDay)
      )
        problems.push(
          `${limitVariable(code, 'perTransfer')}, ${limitVariable(code, 'perHour')}, ${limitVariable(code, 'perDay')}: ` +
            'must not decrease (per transfer ≤ per hour ≤ per day)',
        );
      return [code, of];
    }),
  );
  if (problems.length > 0) throw new ConfigError(problems);
  return limits as unknown as PayoutLimits;
}

function amount(
  code: CurrencyCode,
  window: Window,
  env: NodeJS.ProcessEnv,
  problems: string[],
): bigint | null {
  const name = limitVariable(code, window);
  const set = env[name]?.trim();
  const text = set === undefined || set === '' ? DEFAULT_LIMITS[code][window] : set;
  const decimals = CURRENCIES[code].chainDecimals;
  try {
    return toUnits(text, decimals);
  } catch {
    problems.push(`${name}: not an amount of ${code} (a plain decimal, at most ${decimals} decimal places)`);
    return null;
  }
}
