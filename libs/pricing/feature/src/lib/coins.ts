import { CURRENCIES } from '@swap/domain';

/** Coins priced in USD: one per ticker (both USDT tokens share the USDT price). */
export const PRICED_COINS: readonly string[] = [...new Set(Object.values(CURRENCIES).map((c) => c.coin))];
