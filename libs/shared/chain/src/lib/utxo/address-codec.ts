import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import type { AddressParams } from './utxo-network';

const base58check = createBase58check(sha256);

const OP_0 = 0x00;
const OP_1 = 0x51;
const OP_DUP = 0x76;
const OP_HASH160 = 0xa9;
const OP_EQUAL = 0x87;
const OP_EQUALVERIFY = 0x88;
const OP_CHECKSIG = 0xac;

/** Witness programs this service pays to and reads: v0 key/script hash and v1 taproot. */
const WITNESS_LENGTHS: Readonly<Record<number, readonly number[]>> = { 0: [20, 32], 1: [32] };

function witnessScript(version: number, program: Uint8Array): Uint8Array {
  return concatBytes(new Uint8Array([version === 0 ? OP_0 : OP_1 + version - 1, program.length]), program);
}

/**
 * The address of an output script (P2WPKH, P2WSH, P2TR, P2PKH, P2SH) on the chain `params`
 * describe, or null for any other script. Derived from the script itself: node address fields
 * differ between versions and name the node's own chain.
 */
export function addressFromScript(script: Uint8Array, params: AddressParams): string | null {
  const n = script.length;
  if (n === 25 && script[0] === OP_DUP && script[1] === OP_HASH160 && script[2] === 20) {
    if (script[23] !== OP_EQUALVERIFY || script[24] !== OP_CHECKSIG) return null;
    return base58check.encode(concatBytes(new Uint8Array([params.pubKeyHash]), script.subarray(3, 23)));
  }
  if (n === 23 && script[0] === OP_HASH160 && script[1] === 20 && script[22] === OP_EQUAL)
    return base58check.encode(concatBytes(new Uint8Array([params.scriptHash[0]]), script.subarray(2, 22)));
  const version = script[0] === OP_0 ? 0 : script[0] === OP_1 ? 1 : -1;
  if (version < 0 || n < 2 || script[1] !== n - 2) return null;
  const program = script.subarray(2);
  if (!WITNESS_LENGTHS[version].includes(program.length)) return null;
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(params.hrp, words) : bech32m.encode(params.hrp, words);
}

/**
 * The output script paying `address`; throws unless it is a P2WPKH, P2WSH, P2TR, P2PKH or P2SH
 * address of the chain `params` describe (right prefix, checksum and bech32 variant).
 */
export function scriptFromAddress(address: string, params: AddressParams): Uint8Array {
  const script = address.toLowerCase().startsWith(`${params.hrp}1`)
    ? segwitScript(address, params.hrp)
    : base58Script(address, params);
  if (!script) throw new Error(`not an address of this chain: ${address}`);
  return script;
}

function segwitScript(address: string, hrp: string): Uint8Array | null {
  // Mixed case is invalid bech32; bech32m is required from witness v1 on (BIP350).
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase() as `${string}1${string}`;
  const v0 = bech32.decodeUnsafe(lower);
  const v1 = bech32m.decodeUnsafe(lower);
  const decoded = v0?.words[0] === 0 ? v0 : v1 && v1.words[0] !== 0 ? v1 : undefined;
  if (!decoded || decoded.prefix !== hrp) return null;
  const [version, ...words] = decoded.words;
  const program = bech32.fromWordsUnsafe(words);
  if (!program || !WITNESS_LENGTHS[version]?.includes(program.length)) return null;
  return witnessScript(version, Uint8Array.from(program));
}

function base58Script(address: string, params: AddressParams): Uint8Array | null {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return null;
  }
  if (payload.length !== 21) return null;
  const hash = payload.subarray(1);
  if (payload[0] === params.pubKeyHash)
    return concatBytes(
      new Uint8Array([OP_DUP, OP_HASH160, 20]),
      hash,
      new Uint8Array([OP_EQUALVERIFY, OP_CHECKSIG]),
    );
  if (params.scriptHash.includes(payload[0]))
    return concatBytes(new Uint8Array([OP_HASH160, 20]), hash, new Uint8Array([OP_EQUAL]));
  return null;
}

/** The P2WPKH script of a 20-byte key hash: what every treasury address (BIP84) pays to. */
export function p2wpkhScript(keyHash: Uint8Array): Uint8Array {
  return witnessScript(0, keyHash);
}

export function isP2wpkh(script: Uint8Array): boolean {
  return script.length === 22 && script[0] === OP_0 && script[1] === 20;
}
