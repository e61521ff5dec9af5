/** Identifiers and secrets (decision D3), and the constant-time comparison D2 asks for. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Largest multiple of 62 that fits in a byte: bytes at or above it are discarded, so no modulo bias. */
const UNBIASED_LIMIT = 248;

/** `length` characters of base62, each log2(62) ≈ 5.95 uniformly random bits. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

const DRY_RUN_PREFIX = 'DR';
const SWAP_ID = /^[A-Za-z0-9]{10}$/;
const DRY_RUN_ID = /^DR[A-Za-z0-9]{8}$/;
const SWAP_TOKEN = /^[A-Za-z0-9]{22}$/;
const API_KEY_ID = /^ak_[A-Za-z0-9]{24}$/;
const API_SECRET = /^[A-Za-z0-9]{43}$/;
const REFERRAL_CODE = /^[A-Za-z0-9]{12}$/;

/** Real swap id: 10 base62 characters, never starting with DR (that prefix marks dry runs). */
export function newSwapId(): string {
  for (;;) {
    const id = randomBase62(10);
    if (!id.startsWith(DRY_RUN_PREFIX)) return id;
  }
}

export function newDryRunId(): string {
  return DRY_RUN_PREFIX + randomBase62(8);
}

/** 22 base62 characters ≈ 131 random bits. */
export function newSwapToken(): string {
  return randomBase62(22);
}

/** Public key id; the prefix makes a leaked key recognisable in logs and scanners. */
export function newApiKeyId(): string {
  return `ak_${randomBase62(24)}`;
}

/** 43 base62 characters ≈ 256 random bits. */
export function newApiSecret(): string {
  return randomBase62(43);
}

/**
 * D19's referral code: 12 base62 characters ≈ 71 random bits, URL-safe and short enough to share,
 * too many to enumerate (each guess is a create on the public page, limited per IP).
 */
export function newReferralCode(): string {
  return randomBase62(12);
}

export function isReferralCode(value: unknown): value is string {
  return typeof value === 'string' && REFERRAL_CODE.test(value);
}

export function isSwapId(value: unknown): value is string {
  return typeof value === 'string' && SWAP_ID.test(value) && !value.startsWith(DRY_RUN_PREFIX);
}

export function isDryRunId(value: unknown): value is string {
  return typeof value === 'string' && DRY_RUN_ID.test(value);
}

/** What /swap/status accepts: a real or a dry-run id. */
export function isAnySwapId(value: unknown): value is string {
  return typeof value === 'string' && SWAP_ID.test(value);
}

export function isSwapToken(value: unknown): value is string {
  return typeof value === 'string' && SWAP_TOKEN.test(value);
}

export function isApiKeyId(value: unknown): value is string {
  return typeof value === 'string' && API_KEY_ID.test(value);
}

export function isApiSecret(value: unknown): value is string {
  return typeof value === 'string' && API_SECRET.test(value);
}

/**
 * Constant-time string equality for signatures and tokens. Both sides are hashed first so that
 * inputs of different lengths take the same path and timingSafeEqual gets equal-length buffers.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a, 'utf8').digest();
  const digestB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(digestA, digestB) && a.length === b.length;
}
