import type { CurrencyCode } from '../lib/currencies';

/** A valid destination of each currency's chain (mainnet formats, D8). */
export const VALID_ADDRESSES: Readonly<Record<CurrencyCode, string>> = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  LTC: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  XMR: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
  TRX: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  AVAX: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  USDTTRC: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  USDTERC: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
};

/** Nearly right, and refused: a character off, a broken EIP-55 checksum, another chain's address. */
export const INVALID_ADDRESSES: Readonly<Record<CurrencyCode, string>> = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx',
  LTC: VALID_ADDRESSES.BTC,
  XMR: `${VALID_ADDRESSES.XMR.slice(0, -1)}B`,
  TRX: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
  SOL: VALID_ADDRESSES.ETH,
  AVAX: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35',
  USDTTRC: VALID_ADDRESSES.ETH,
  USDTERC: VALID_ADDRESSES.TRX,
};
