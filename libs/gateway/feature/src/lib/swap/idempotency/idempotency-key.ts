import { createHash } from 'node:crypto';
import { SwapErrors } from '@swap/domain';
import type { CreateRequest } from '../swap-request.parser';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * D13: the Idempotency-Key header, or undefined when none was sent. Anything else than 1–64
 * characters of [A-Za-z0-9_-] is a 400, a repeated header too (which of them would count?).
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw SwapErrors.invalidIdempotencyKey();
  return header;
}

/**
 * D13's "same body", as a SHA-256 of the request the body asks for once parsed (fields in a fixed
 * order, defaults filled in, addresses trimmed, the amount in base units, unknown fields dropped),
 * not of the raw bytes: a client that sends the same order again re-serialised (other key order
 * or spacing, 0.1 or "0.1", an explicit default) is repeating itself, while anything that would
 * make another swap (pair, amount, addresses, type, dry run) changes the hash.
 */
export function createRequestHash(request: CreateRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** JSON with every object's keys sorted and undefined members left out (as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
