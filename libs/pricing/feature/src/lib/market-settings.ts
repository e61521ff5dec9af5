import type { CurrencySettings, PairSettings } from '@swap/contracts';
import { defaultCurrencySettings, defaultPairSettings, pairSettingsKey } from '@swap/contracts';
import {
  allPairs,
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyCode,
  fromUnits,
  isCurrencyCode,
  parseAmount,
  SwapErrors,
  toUnits,
  trimZeros,
  type Logger,
  type Clock,
} from '@swap/domain';

/** Where the switches live (the `currency-settings` and `pair-settings` buckets). */
export interface SettingsStore<T> {
  get(key: string): Promise<T | null>;
  put(key: string, value: T): Promise<unknown>;
}

export interface CurrencyChange {
  code: string;
  enabled?: boolean;
  deposits?: boolean;
  payouts?: boolean;
  liquidityPercent?: string;
}

export interface PairChange {
  from: string;
  to: string;
  enabled?: boolean;
  min?: string | null;
}

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/**
 * The operators' maintenance switches and limits (swapctl currencies|pairs): validated, stored in
 * the KV buckets every gateway and engine watches, and logged, so an incident's changes can be
 * traced. A change names only what it changes; the rest keeps its value.
 */
export class MarketSettings {
  constructor(
    private readonly currencies: SettingsStore<CurrencySettings>,
    private readonly pairs: SettingsStore<PairSettings>,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
  ) {}

  async listCurrencies(): Promise<CurrencySettings[]> {
    return Promise.all(CURRENCY_CODES.map((code) => this.currency(code)));
  }

  async setCurrency(change: CurrencyChange): Promise<CurrencySettings> {
    const code = currencyCode(change.code);
    const percent = change.liquidityPercent;
    if (percent !== undefined && !(PERCENT.test(percent) && toUnits(percent, 4) <= 1_000_000n))
      throw SwapErrors.wrongType('liquidityPercent', 'a percentage from 0 to 100 with at most 4 decimals');
    const current = await this.currency(code);
    const next: CurrencySettings = {
      code,
      enabled: change.enabled ?? current.enabled,
      deposits: change.deposits ?? current.deposits,
      payouts: change.payouts ?? current.payouts,
      liquidityPercent:
        percent === undefined ? current.liquidityPercent : trimZeros(fromUnits(toUnits(percent, 4), 4)),
      updatedAt: this.clock(),
    };
    await this.currencies.put(code, next);
    this.logger.info({ before: current, after: next }, 'currency settings changed');
    return next;
  }

  /** Pairs an operator has set (the others are enabled at their currency's minimum). */
  async listPairs(): Promise<PairSettings[]> {
    const all = await Promise.all(allPairs().map(([from, to]) => this.pairs.get(pairSettingsKey(from, to))));
    return all.filter((pair): pair is PairSettings => pair !== null);
  }

  async setPair(change: PairChange): Promise<PairSettings> {
    const from = currencyCode(change.from);
    const to = currencyCode(change.to);
    if (from === to) throw SwapErrors.sameCurrency(from);
    const key = pairSettingsKey(from, to);
    const current = (await this.pairs.get(key)) ?? defaultPairSettings(from, to);
    const next: PairSettings = {
      from,
      to,
      enabled: change.enabled ?? current.enabled,
      min: change.min === undefined ? current.min : pairMin(from, change.min),
      updatedAt: this.clock(),
    };
    await this.pairs.put(key, next);
    this.logger.info({ before: current, after: next }, 'pair settings changed');
    return next;
  }

  private async currency(code: CurrencyCode): Promise<CurrencySettings> {
    return (await this.currencies.get(code)) ?? defaultCurrencySettings(code);
  }
}

function currencyCode(value: string): CurrencyCode {
  if (!isCurrencyCode(value)) throw SwapErrors.unknownCurrency(value);
  return value;
}

/** A pair minimum at the currency's precision, never below the currency's own (null: that one). */
function pairMin(from: CurrencyCode, value: string | null): string | null {
  if (value === null) return null;
  const units = parseAmount(value, from, 'min');
  const { chainDecimals, min } = CURRENCIES[from];
  if (units < toUnits(min, chainDecimals)) throw SwapErrors.belowMinimum(min, from);
  return trimZeros(fromUnits(units, chainDecimals));
}
