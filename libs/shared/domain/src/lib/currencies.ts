/** The networks the service runs on; each has its own watcher and hot wallet. */
export const NETWORKS = ['BTC', 'LTC', 'XMR', 'TRX', 'ETH', 'SOL', 'AVAX'] as const;
export type Network = (typeof NETWORKS)[number];

export const CURRENCY_CODES = [
  'BTC',
  'LTC',
  'XMR',
  'TRX',
  'ETH',
  'SOL',
  'AVAX',
  'USDTTRC',
  'USDTERC',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  code: CurrencyCode;
  coin: string;
  network: Network;
  name: string;
  /** Decimal places used for amounts in the API. */
  precision: number;
  /** Decimal places of the chain's base unit (satoshi, piconero, wei, ...). Money is held in these. */
  chainDecimals: number;
  reqConfirmations: number;
  /** Default minimum send amount, as an exact decimal string. */
  min: string;
  /**
   * The least an account of the chain may hold once it holds anything (Solana's rent-exempt
   * minimum of an account without data), as an exact decimal string: a payout cannot open an
   * account with less, and a hot wallet keeps it. Absent where the chain has no such floor.
   */
  accountMinimum?: string;
}

/** Section 2.2 of the interface document. */
export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  BTC: {
    code: 'BTC',
    coin: 'BTC',
    network: 'BTC',
    name: 'Bitcoin',
    precision: 8,
    chainDecimals: 8,
    reqConfirmations: 1,
    min: '0.001',
  },
  LTC: {
    code: 'LTC',
    coin: 'LTC',
    network: 'LTC',
    name: 'Litecoin',
    precision: 8,
    chainDecimals: 8,
    reqConfirmations: 2,
    min: '0.1',
  },
  XMR: {
    code: 'XMR',
    coin: 'XMR',
    network: 'XMR',
    name: 'Monero',
    precision: 8,
    chainDecimals: 12,
    reqConfirmations: 5,
    min: '0.05',
  },
  TRX: {
    code: 'TRX',
    coin: 'TRX',
    network: 'TRX',
    name: 'Tron',
    precision: 6,
    chainDecimals: 6,
    reqConfirmations: 20,
    min: '100',
  },
  ETH: {
    code: 'ETH',
    coin: 'ETH',
    network: 'ETH',
    name: 'Ethereum',
    precision: 8,
    chainDecimals: 18,
    reqConfirmations: 12,
    min: '0.01',
  },
  SOL: {
    code: 'SOL',
    coin: 'SOL',
    network: 'SOL',
    name: 'Solana',
    precision: 8,
    chainDecimals: 9,
    reqConfirmations: 1,
    min: '0.5',
    // 890,880 lamports: (128 bytes of account overhead) × 3,480 lamports per byte-year × 2 years.
    accountMinimum: '0.00089088',
  },
  AVAX: {
    code: 'AVAX',
    coin: 'AVAX',
    network: 'AVAX',
    name: 'Avalanche C-Chain',
    precision: 8,
    chainDecimals: 18,
    reqConfirmations: 30,
    min: '1',
  },
  USDTTRC: {
    code: 'USDTTRC',
    coin: 'USDT',
    network: 'TRX',
    name: 'Tether USD (TRC-20)',
    precision: 6,
    chainDecimals: 6,
    reqConfirmations: 20,
    min: '20',
  },
  USDTERC: {
    code: 'USDTERC',
    coin: 'USDT',
    network: 'ETH',
    name: 'Tether USD (ERC-20)',
    precision: 6,
    chainDecimals: 6,
    reqConfirmations: 12,
    min: '50',
  },
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

export function currency(code: CurrencyCode): Currency {
  return CURRENCIES[code];
}

/** Every ordered pair of distinct currencies: 9 × 8 = 72 direct pairs. */
export function allPairs(): Array<[CurrencyCode, CurrencyCode]> {
  return CURRENCY_CODES.flatMap((from) =>
    CURRENCY_CODES.filter((to) => to !== from).map((to): [CurrencyCode, CurrencyCode] => [from, to]),
  );
}
