import { z } from 'zod';
import { validateAddressBody, type ValidateAddressBody } from '@swap/contracts';
import {
  apiResponses,
  CURRENCIES,
  isValidAddress,
  type AddressChains,
  type CurrencyCode,
  type Network,
} from '@swap/domain';
import { parseRequest } from './parse-request';
import type { Body } from './request-body';

/** D15's answer. */
export const addressCheckView = z
  .object({
    valid: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why not, in one sentence; null when valid' }),
  })
  .register(apiResponses, { id: 'AddressCheck' });
export type AddressCheckView = z.output<typeof addressCheckView>;

/** What D8 accepts on each network, in words. */
const EXPECTED: Record<Network, string> = {
  BTC: 'a bech32 or legacy Bitcoin address',
  LTC: 'a bech32 or legacy Litecoin address',
  XMR: 'a standard, subaddress or integrated Monero address',
  TRX: 'a base58check Tron address starting with T',
  ETH: '0x and 40 hex digits (mixed case only with a valid EIP-55 checksum)',
  AVAX: '0x and 40 hex digits (mixed case only with a valid EIP-55 checksum)',
  SOL: 'a base58 Solana address of 32 bytes',
};

/**
 * D15: `{ code, address }` judged exactly as create judges toAddress and refundAddress: the same
 * trimmed field, the same isValidAddress, the same chains the operator configured (D8).
 */
export function checkAddress(
  { code, address }: ValidateAddressBody,
  chains: AddressChains = {},
): AddressCheckView {
  if (isValidAddress(code, address, chains)) return { valid: true, reason: null };
  return { valid: false, reason: invalidAddressReason(code, chains) };
}

function invalidAddressReason(code: CurrencyCode, chains: AddressChains): string {
  const { network } = CURRENCIES[code];
  const chain = chains[network];
  return `Not a valid ${code} address${chain ? ` on ${chain}` : ''}: expected ${EXPECTED[network]}.`;
}

/** D15's body: `{ code, address }`, the address trimmed as create trims it. */
export function parseAddressCheck(body: Body): ValidateAddressBody {
  return parseRequest(validateAddressBody, body);
}
