import { getBase58Encoder } from '@solana/kit';
import type { Commitment } from './lab-types';
import { invalidParams } from './rpc-error';

export type Params = readonly unknown[];
export type Config = Readonly<Record<string, unknown>>;

/* Parameter checks with the RPC's -32602 messages (serde's for shapes, agave's verify_* for keys). */

export function paramsOf(raw: unknown): Params {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw invalidParams(`Invalid params: invalid type: ${kind(raw)}, expected a sequence.`);
  return raw;
}

/** A trailing config object; the deprecated form, a bare encoding string, reads as `{ encoding }`. */
export function configAt(params: Params, index: number, bareEncoding = false): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (bareEncoding && typeof value === 'string') return { encoding: value };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`Invalid params: invalid type: ${kind(value)}, expected a config object.`);
  }
  return value as Config;
}

export function stringAt(params: Params, index: number): string {
  const value = params[index];
  if (typeof value !== 'string')
    throw invalidParams(`Invalid params: invalid type: ${kind(value)}, expected a string.`);
  return value;
}

export function u64Of(value: unknown, what = 'u64'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${kind(value)}, expected ${what}.`);
  }
  return value;
}

export function optionalU64(config: Config, key: string): number | undefined {
  const value = config[key];
  return value === undefined || value === null ? undefined : u64Of(value);
}

export function boolOf(config: Config, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean')
    throw invalidParams(`Invalid params: invalid type: ${kind(value)}, expected a boolean.`);
  return value;
}

/** Every method defaults to `finalized`, as the real RPC does. */
export function commitmentOf(config: Config, key = 'commitment'): Commitment {
  return oneOf(config, key, ['processed', 'confirmed', 'finalized'], 'finalized') as Commitment;
}

export function oneOf(config: Config, key: string, variants: readonly string[], fallback: string): string {
  const value = config[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && variants.includes(value)) return value;
  const expected = variants.map((variant) => `\`${variant}\``).join(', ');
  throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of ${expected}.`);
}

/** A base58 public key or hash: agave's "Invalid param: WrongSize" / "Invalid param: Invalid". */
export function pubkeyOf(value: unknown): string {
  return base58Of(value, 32, 44);
}

export function signatureOf(value: unknown): string {
  return base58Of(value, 64, 88);
}

function base58Of(value: unknown, size: number, maxLength: number): string {
  if (typeof value !== 'string')
    throw invalidParams(`Invalid params: invalid type: ${kind(value)}, expected a string.`);
  if (value.length > maxLength) throw invalidParams('Invalid param: WrongSize');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(value));
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
  if (bytes.length !== size) throw invalidParams('Invalid param: WrongSize');
  return value;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'sequence';
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  if (typeof value === 'number')
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  return typeof value === 'object' ? 'map' : typeof value;
}
