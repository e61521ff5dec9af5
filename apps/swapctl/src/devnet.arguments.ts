import { InvalidArgumentError } from 'commander';
import { CURRENCY_CODES, NETWORKS, type CurrencyCode, type Network } from '@swap/domain';

// Argument parsers of `swapctl devnet …`: each returns the checked value or a message for the operator.

export function parseCurrencyCode(value: string): CurrencyCode {
  const code = CURRENCY_CODES.find((c) => c === value.toUpperCase());
  if (!code) throw new InvalidArgumentError(`currency must be one of ${CURRENCY_CODES.join(', ')}`);
  return code;
}

export function parseNetwork(value: string): Network {
  const network = NETWORKS.find((n) => n === value.toUpperCase());
  if (!network) throw new InvalidArgumentError(`network must be one of ${NETWORKS.join(', ')}`);
  return network;
}

/** A plain decimal in the currency's unit, e.g. 0.5; the devnet checks its precision. */
export function parseAmount(value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new InvalidArgumentError('amount must be a plain decimal such as 0.5');
  return value;
}

export function parseOnOff(value: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new InvalidArgumentError('expected on or off');
}

export const parseBlocks = (value: string) => wholeNumber(value, 'blocks', 1, 1000);
export const parseDepth = (value: string) => wholeNumber(value, 'depth', 0, 100);

/** `--drop` is repeatable: each occurrence adds one transaction id. */
export function collectTxid(value: string, previous: string[]): string[] {
  if (!/^[0-9a-f]{64}$/.test(value)) throw new InvalidArgumentError('txid must be 64 lowercase hex digits');
  return [...previous, value];
}

function wholeNumber(value: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new InvalidArgumentError(`${what} must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}
