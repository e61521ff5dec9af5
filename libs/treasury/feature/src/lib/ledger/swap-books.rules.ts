import type { SwapSnapshot } from '@swap/contracts';
import {
  AWAITING_CREDIT,
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  EXCHANGED,
  type Network,
} from '@swap/domain';
import type { SwapBook } from '@swap/treasury-data';
import { Accounts } from './accounts';

/** Account networks, where each deposit address holds its own balance until swept to the hot wallet. */
export const SWEPT_NETWORKS: readonly Network[] = ['TRX', 'ETH', 'AVAX', 'SOL'];

export const isSweptNetwork = (network: Network): boolean => SWEPT_NETWORKS.includes(network);

/** A token rides on its network's native coin, which pays its fees. */
export const isToken = (code: CurrencyCode): boolean => CURRENCIES[code].network !== code;

/** The network's own coin, which pays every fee on it. */
export function nativeCurrency(network: Network): CurrencyCode {
  const code = CURRENCY_CODES.find((c) => CURRENCIES[c].network === network && !isToken(c));
  if (!code) throw new Error(`no native currency on ${network}`);
  return code;
}

/** The deposit was credited: the swap has left the states that wait for it, with value received. */
export const isCredited = (swap: SwapSnapshot): boolean =>
  !AWAITING_CREDIT.includes(swap.status) && BigInt(swap.amountDeposited) > 0n;

/** The deposit was exchanged and its output is being (or has been) paid. */
export const isExchanged = (swap: SwapSnapshot): boolean => EXCHANGED.includes(swap.status);

export const isRefunded = (swap: SwapSnapshot): boolean =>
  swap.status === 'REFUNDED' && swap.refundTx !== null;

/** Where a deposit of `currency` to the swap sits: its own address on swept networks, else the network's wallet. */
export function holdingAccount(swapId: string, currency: CurrencyCode): string {
  const network = CURRENCIES[currency].network;
  return isSweptNetwork(network) ? Accounts.unswept(swapId) : Accounts.hot(network);
}

export function newBook(swap: SwapSnapshot): SwapBook {
  return {
    swapId: swap.id,
    currency: swap.from,
    network: CURRENCIES[swap.from].network,
    depositAddress: swap.depositAddress,
    depositIndex: swap.depositIndex,
    deposited: 0n,
    apiKey: swap.apiKey,
    created: swap.time.reg,
  };
}
