/** ETH and AVAX C-Chain (and ERC-20 tokens): 0x + 40 hex, with the EIP-55 checksum when mixed-case. */
import { lazy } from '../lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: start-up time (issue 31)
const ethers = lazy(() => require('ethers') as typeof import('ethers'));

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(text: string): boolean {
  if (!HEX_ADDRESS.test(text)) return false;
  const hex = text.slice(2);
  // All one case carries no checksum (EIP-55 allows it); mixed case must match exactly.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  try {
    return ethers().getAddress(text) === text;
  } catch {
    return false;
  }
}
