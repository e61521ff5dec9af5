/**
 * Decision D8: destination and refund addresses in the formats of the currency's chain: mainnet
 * unless the operator runs a network on testnet or regtest (`<NETWORK>_NETWORK`), as the gateway,
 * the engine and the treasury are then told.
 */
import { CURRENCIES, CurrencyCode, Network } from '../currencies';
import { bitcoinLikeFormats, isBitcoinLikeAddress } from './bitcoin-like';
import { isEvmAddress } from './evm';
import { isMoneroAddress } from './monero';
import { isSolanaAddress } from './solana';
import { isTronAddress } from './tron';

export type AddressChain = 'mainnet' | 'testnet' | 'regtest';
/** The chain of each network whose addresses are not mainnet ones. */
export type AddressChains = Partial<Record<Network, AddressChain>>;

/** Tokens share their chain's address format, so validation goes by network. */
const BY_NETWORK: Record<Network, (text: string, chain: AddressChain) => boolean> = {
  BTC: (text, chain) => isBitcoinLikeAddress(text, bitcoinLikeFormats('BTC', chain)),
  LTC: (text, chain) => isBitcoinLikeAddress(text, bitcoinLikeFormats('LTC', chain)),
  XMR: isMoneroAddress,
  TRX: isTronAddress,
  ETH: isEvmAddress,
  AVAX: isEvmAddress,
  SOL: isSolanaAddress,
};

/** No trimming: an address with stray whitespace is refused rather than silently changed. */
export function isValidAddress(code: CurrencyCode, address: string, chains: AddressChains = {}): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 128) return false;
  const network = CURRENCIES[code].network;
  return BY_NETWORK[network](address, chains[network] ?? 'mainnet');
}

const ADDRESS_CHAINS: readonly AddressChain[] = ['mainnet', 'testnet', 'regtest'];

/** `<NETWORK>_NETWORK` of one network (mainnet when unset); a value other than the three is refused. */
export function addressChainOf(network: Network, env: Record<string, string | undefined>): AddressChain {
  const value = env[`${network}_NETWORK`] || 'mainnet';
  if (!ADDRESS_CHAINS.includes(value as AddressChain))
    throw new Error(`${network}_NETWORK must be one of ${ADDRESS_CHAINS.join(', ')}`);
  return value as AddressChain;
}

/** The networks of the environment that do not run on mainnet, with their chain. */
export function addressChainsFrom(env: Record<string, string | undefined>): AddressChains {
  const chains: AddressChains = {};
  for (const network of Object.keys(BY_NETWORK) as Network[]) {
    const chain = addressChainOf(network, env);
    if (chain !== 'mainnet') chains[network] = chain;
  }
  return chains;
}
