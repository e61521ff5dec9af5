import type { Network } from '@swap/domain';

/**
 * Ledger accounts. Debits are positive, credits negative; every batch sums to zero per currency,
 * so every swap's entries do too.
 * - hot:<network>        what the network's hot wallet holds (BTC, LTC, XMR: the whole wallet);
 * - unswept:<swap>       a deposit (and its gas) still at the swap's own address (TRX, ETH, AVAX, SOL);
 * - deposits:<swap>      credited on arrival: what the user brought, until exchanged or refunded;
 * - exchange:<swap>      the conversion: gives the deposit's currency, takes the output's;
 * - payouts:<swap>       owed to the user (credit) until the payout is sent (debit);
 * - refunds:<swap>       owed back to the user until the refund is sent;
 * - fees:service, fees:partner:<key>  the service fee and the partner's share of it (revenue);
 * - fees:network         network fees the service paid.
 */
export const Accounts = {
  hot: (network: Network) => `hot:${network}`,
  unswept: (swapId: string) => `unswept:${swapId}`,
  deposits: (swapId: string) => `deposits:${swapId}`,
  exchange: (swapId: string) => `exchange:${swapId}`,
  payouts: (swapId: string) => `payouts:${swapId}`,
  refunds: (swapId: string) => `refunds:${swapId}`,
  serviceFees: 'fees:service',
  partnerFees: (apiKey: string) => `fees:partner:${apiKey}`,
  networkFees: 'fees:network',
} as const;
