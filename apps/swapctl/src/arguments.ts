import { isIP } from 'node:net';
import { InvalidArgumentError } from 'commander';
import { SWAP_STATUSES, type SwapStatus } from '@swap/domain';

// Option parsers for commander: each returns the checked value or throws a message for the operator.

const PLAIN_DECIMAL = /^(\d+)(?:\.\d+)?$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

export const MAX_LABEL_LENGTH = 100;
export const MAX_RATE_LIMIT = 100_000;
export const MAX_LIST_LIMIT = 1000;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** The partner's share in percent: a plain decimal, 0 ≤ p < 10 (kept as the exact string). */
export function parsePartnerPercent(value: string): string {
  const match = PLAIN_DECIMAL.exec(value);
  if (!match) throw new InvalidArgumentError('partner percent must be a plain decimal such as 0.5');
  if (BigInt(match[1]) >= 10n) throw new InvalidArgumentError('partner percent must be below 10');
  return value;
}

/** D19's fee share: percent of the service fee, a plain decimal with at most 3 places, 0 < P ≤ 100. */
export function parseFeeShare(value: string): string {
  const problem = 'fee share must be a percent above 0 and at most 100, with at most 3 decimal places';
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) throw new InvalidArgumentError(problem);
  const thousandths = BigInt(match[1]) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
  if (thousandths === 0n || thousandths > 100_000n) throw new InvalidArgumentError(problem);
  return value;
}

/** Requests per second allowed to the key, per endpoint (D5). */
export function parseRateLimit(value: string): number {
  return positiveInteger(value, 'rate limit', MAX_RATE_LIMIT);
}

export function parseListLimit(value: string): number {
  return positiveInteger(value, 'limit', MAX_LIST_LIMIT);
}

/** One of the eleven swap statuses, in any letter case. */
export function parseStatus(value: string): SwapStatus {
  const status = SWAP_STATUSES.find((s) => s === value.toUpperCase());
  if (!status) throw new InvalidArgumentError(`status must be one of ${SWAP_STATUSES.join(', ')}`);
  return status;
}

export function parseLabel(value: string): string {
  if (value.length > MAX_LABEL_LENGTH) {
    throw new InvalidArgumentError(`label must be at most ${MAX_LABEL_LENGTH} characters`);
  }
  return value;
}

/**
 * A webhook's URL (D12), checked before anything is created: absolute http or https. Where its host
 * resolves (no private addresses) only the notifier can tell.
 */
export function parseWebhookUrl(value: string): string {
  const problem = 'webhook URL must be an absolute http:// or https:// URL';
  if (value.length > MAX_WEBHOOK_URL_LENGTH) {
    throw new InvalidArgumentError(`${problem} of at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  }
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) {
    throw new InvalidArgumentError(problem);
  }
  return value;
}

/** `--ip` is repeatable: each occurrence adds one address or CIDR block to the whitelist. */
export function collectCidr(value: string, previous: string[]): string[] {
  if (!isCidr(value)) {
    throw new InvalidArgumentError('ip must be an IP address or a CIDR block such as 203.0.113.0/24');
  }
  return [...previous, value];
}

function isCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function positiveInteger(value: string, what: string, max: number): number {
  if (!POSITIVE_INTEGER.test(value) || Number(value) > max) {
    throw new InvalidArgumentError(`${what} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}
