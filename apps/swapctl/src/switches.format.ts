import type { CurrencySettings, PairSettings } from '@swap/contracts';
import { table } from './output';

export function formatCurrencyTable(currencies: readonly CurrencySettings[]): string {
  return table(
    ['CODE', 'STATE', 'DEPOSITS', 'PAYOUTS', 'LIQUIDITY'],
    currencies.map((c) => [c.code, state(c.enabled), onOff(c.deposits), onOff(c.payouts), liquidity(c)]),
  );
}

/** One currency's switches on one line, as a change leaves them. */
export function formatCurrency(c: CurrencySettings): string {
  return `${c.code}: ${state(c.enabled)}, deposits ${onOff(c.deposits)}, payouts ${onOff(c.payouts)}, liquidity ${liquidity(c)}\n`;
}

export function formatPairTable(pairs: readonly PairSettings[]): string {
  if (pairs.length === 0) return 'no pair settings: every pair is in service at its currency minimum\n';
  return table(
    ['FROM', 'TO', 'STATE', 'MIN'],
    pairs.map((p) => [p.from, p.to, state(p.enabled), pairMin(p)]),
  );
}

/** One pair's settings on one line, as a change leaves them. */
export function formatPair(p: PairSettings): string {
  return `${p.from} → ${p.to}: ${state(p.enabled)}, min ${pairMin(p)}\n`;
}

const state = (enabled: boolean): string => (enabled ? 'in service' : 'MAINTENANCE');
const onOff = (flag: boolean): string => (flag ? 'on' : 'off');
const liquidity = (c: CurrencySettings): string =>
  /^0+(\.0+)?$/.test(c.liquidityPercent) ? 'no limit' : `${c.liquidityPercent} %`;
const pairMin = (p: PairSettings): string => (p.min === null ? 'currency default' : `${p.min} ${p.from}`);
