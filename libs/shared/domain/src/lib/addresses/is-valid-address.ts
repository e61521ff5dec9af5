/** Decision D8: destination and refund addresses in mainnet formats for the currency's chain. */
import { CURRENCIES, CurrencyCode, Network } from '../currencies';
import { BTC_FORMATS, isBitcoinLikeAddress, LTC_FORMATS } from './bitcoin-like';
import { isEvmAddress } from './evm';
import { isMoneroAddress } from './monero';
import { isSolanaAddress } from './solana';
import { isTronAddress } from './tron';

/** Tokens share their chain's address format, so validation goes by network. */
const BY_NETWORK: Record<Network, (text: string) => boolean> = {
  BTC: (text) => isBitcoinLikeAddress(text, BTC_FORMATS),
  LTC: (text) => isBitcoinLikeAddress(text, LTC_FORMATS),
  XMR: isMoneroAddress,
  TRX: isTronAddress,
  ETH: isEvmAddress,
  AVAX: isEvmAddress,
  SOL: isSolanaAddress,
};

/** No trimming: an address with stray whitespace is refused rather than silently changed. */
export function isValidAddress(code: CurrencyCode, address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 128) return false;
  return BY_NETWORK[CURRENCIES[code].network](address);
}
