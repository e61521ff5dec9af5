import { compact, type JsonObject } from './json';

/**
 * The test token's ABI (test-usdt.sol) in java-tron's SmartContract.ABI form, for wallet/getcontract:
 * tronweb's contract().at(address) reads it from there.
 */
const FUNCTIONS: ReadonlyArray<readonly [string, string, string[], string[]]> = [
  ['name', 'View', [], ['string']],
  ['symbol', 'View', [], ['string']],
  ['decimals', 'View', [], ['uint8']],
  ['owner', 'View', [], ['address']],
  ['totalSupply', 'View', [], ['uint256']],
  ['balanceOf', 'View', ['address'], ['uint256']],
  ['allowance', 'View', ['address', 'address'], ['uint256']],
  ['mint', 'Nonpayable', ['address to', 'uint256 value'], []],
  ['transfer', 'Nonpayable', ['address to', 'uint256 value'], ['bool']],
  ['approve', 'Nonpayable', ['address spender', 'uint256 value'], ['bool']],
  ['transferFrom', 'Nonpayable', ['address from', 'address to', 'uint256 value'], ['bool']],
];

const EVENTS: ReadonlyArray<readonly [string, string[]]> = [
  ['Transfer', ['address indexed from', 'address indexed to', 'uint256 value']],
  ['Approval', ['address indexed owner', 'address indexed spender', 'uint256 value']],
];

/** "address indexed to" → {indexed, name, type}, fields left out when default as java-tron prints them. */
function param(spec: string): JsonObject {
  const words = spec.split(' ');
  const indexed = words.includes('indexed');
  const name = words.length > 1 ? words[words.length - 1] : undefined;
  return compact({ indexed: indexed || undefined, name, type: words[0] });
}

export function tokenAbiJson(): JsonObject {
  const functions = FUNCTIONS.map(([name, mutability, inputs, outputs]) =>
    compact({
      constant: mutability === 'View' || undefined,
      name,
      inputs: inputs.length > 0 ? inputs.map(param) : undefined,
      outputs: outputs.length > 0 ? outputs.map(param) : undefined,
      type: 'Function',
      stateMutability: mutability,
    }),
  );
  const events = EVENTS.map(([name, inputs]) => ({ name, inputs: inputs.map(param), type: 'Event' }));
  return { entrys: [{ type: 'Constructor', stateMutability: 'Nonpayable' }, ...functions, ...events] };
}
