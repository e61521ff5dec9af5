import { dataLength, dataSlice, getAddress, id, Interface } from 'ethers';

/** The three ERC-20 pieces the adapters use: transfer(), balanceOf() and the Transfer event. */
const erc20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const TRANSFER_SELECTOR = id('transfer(address,uint256)').slice(0, 10);

export interface TokenMove {
  from: string;
  to: string;
  amount: bigint;
}

export const encodeTransfer = (to: string, amount: bigint): string =>
  erc20.encodeFunctionData('transfer', [to, amount]);

/** The recipient and amount of `transfer(to, amount)` calldata; null for any other call. */
export function decodeTransferCall(input: string): { to: string; amount: bigint } | null {
  if (!input.toLowerCase().startsWith(TRANSFER_SELECTOR)) return null;
  try {
    const [to, amount] = erc20.decodeFunctionData('transfer', input);
    return { to: getAddress(to), amount: BigInt(amount) };
  } catch {
    return null;
  }
}

/**
 * A Transfer event's addresses (indexed, in topics 1 and 2) and amount (data); null for a log of
 * another shape, such as an ERC-721 Transfer, whose token id is indexed too.
 */
export function decodeTransferLog(topics: readonly string[], data: string): TokenMove | null {
  if (topics.length !== 3 || topics[0].toLowerCase() !== TRANSFER_TOPIC || dataLength(data) !== 32)
    return null;
  return {
    from: getAddress(dataSlice(topics[1], 12)),
    to: getAddress(dataSlice(topics[2], 12)),
    amount: BigInt(data),
  };
}

export const encodeBalanceOf = (owner: string): string => erc20.encodeFunctionData('balanceOf', [owner]);

export const decodeBalance = (result: string): bigint =>
  BigInt(erc20.decodeFunctionResult('balanceOf', result)[0]);
