import { createHash } from 'node:crypto';
import { computeAddress, decodeBase58, encodeBase58, getBytes, hexlify, SigningKey, toBeArray } from 'ethers';

/** A Tron address is 0x41 followed by the 20 bytes of the matching EVM address. */
export const ADDRESS_PREFIX = '41';

export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

export function toHex(bytes: Uint8Array): string {
  return hexlify(bytes).slice(2);
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new Error(`not hex: ${hex}`);
  return getBytes(`0x${clean}`);
}

/** Base58check as Tron prints addresses (T…), over any byte string as java-tron's encode58Check does. */
export function encode58Check(bytes: Uint8Array): string {
  const check = sha256(sha256(bytes)).slice(0, 4);
  return encodeBase58(Uint8Array.from([...bytes, ...check]));
}

export function decode58Check(text: string): Uint8Array {
  const raw = toBeArray(decodeBase58(text));
  if (raw.length !== 25) throw new Error(`invalid base58 address: ${text}`);
  const payload = raw.slice(0, 21);
  const check = sha256(sha256(payload)).slice(0, 4);
  if (toHex(check) !== toHex(raw.slice(21))) throw new Error(`invalid base58 checksum: ${text}`);
  return payload;
}

/** Hex `41…` from either form a client may send (base58 `T…`, `41…` or `0x…` 20-byte EVM). */
export function toHexAddress(address: string): string {
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return toHex(decode58Check(address));
  const clean = address.toLowerCase().replace(/^0x/, '');
  if (/^41[0-9a-f]{40}$/.test(clean)) return clean;
  if (/^[0-9a-f]{40}$/.test(clean)) return ADDRESS_PREFIX + clean;
  throw new Error(`not a Tron address: ${address}`);
}

export function toBase58Address(address: string): string {
  return encode58Check(fromHex(toHexAddress(address)));
}

/** The EVM (0x…) address anvil knows for a Tron address. */
export function toEvmAddress(address: string): string {
  return `0x${toHexAddress(address).slice(2)}`;
}

/** java-tron's DecodeUtil.addressValid: 21 bytes starting with 0x41. */
export function isValidAddressHex(hex: string): boolean {
  return /^41[0-9a-f]{40}$/.test(hex);
}

export function addressOfPublicKey(publicKey: string): string {
  return ADDRESS_PREFIX + computeAddress(publicKey).slice(2).toLowerCase();
}

export function addressOfPrivateKey(privateKey: string): string {
  return addressOfPublicKey(new SigningKey(`0x${privateKey.replace(/^0x/, '')}`).publicKey);
}
