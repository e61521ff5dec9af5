import { CURRENCIES, type CurrencyCode, toUnits, trimZeros } from '@swap/domain';

/** What an EVM payment request names besides the address: the chains' ids and the USDT contract. */
export interface PaymentChains {
  ethChainId: bigint;
  avaxChainId: bigint;
  /** The USDT ERC-20 contract on the ETH chain. */
  usdtErcContract: string;
}

export const MAINNET_PAYMENT_CHAINS: PaymentChains = {
  ethChainId: 1n,
  avaxChainId: 43114n,
  usdtErcContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
};

/**
 * The URI a wallet scans to pay `amount` (the order's exact decimal) of `code` to `address`:
 * BIP21 on Bitcoin and Litecoin, `monero:` with tx_amount, EIP-681 on the EVM chains (the native
 * value in wei; a token as a transfer call in base units), Solana Pay, and the bare address on
 * Tron, whose wallets agree on no payment URI.
 */
export function paymentUri(
  code: CurrencyCode,
  address: string,
  amount: string,
  chains: PaymentChains,
): string {
  const units = () => toUnits(amount, CURRENCIES[code].chainDecimals).toString();
  const decimal = trimZeros(amount);
  switch (code) {
    case 'BTC':
      return `bitcoin:${address}?amount=${decimal}`;
    case 'LTC':
      return `litecoin:${address}?amount=${decimal}`;
    case 'XMR':
      return `monero:${address}?tx_amount=${decimal}`;
    case 'ETH':
      return `ethereum:${address}@${chains.ethChainId}?value=${units()}`;
    // Avalanche's C-Chain is an EVM chain: its wallets (Core, MetaMask) take EIP-681 with its id.
    case 'AVAX':
      return `ethereum:${address}@${chains.avaxChainId}?value=${units()}`;
    case 'USDTERC':
      return `ethereum:${chains.usdtErcContract}@${chains.ethChainId}/transfer?address=${address}&uint256=${units()}`;
    case 'SOL':
      return `solana:${address}?amount=${decimal}`;
    case 'TRX':
    case 'USDTTRC':
      return address;
  }
}
