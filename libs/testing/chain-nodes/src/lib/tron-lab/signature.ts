import { hexlify, Signature, SigningKey } from 'ethers';
import { addressOfPublicKey, encode58Check, fromHex, toHex } from './address';

/**
 * The address that signed `hash` (java-tron's SignUtils.signatureToAddress): 65 bytes r‖s‖v, v as
 * 27/28 or as the recovery id 0/1; bytes past the 65th are ignored, as java-tron ignores them.
 */
export function recoverAddress(hash: Uint8Array, sig: Uint8Array): string {
  let v = sig[64];
  if (v < 27) v += 27;
  if (v !== 27 && v !== 28) throw new Error(`Header byte out of range: ${v}`);
  const signature = Signature.from({ r: hexlify(sig.slice(0, 32)), s: hexlify(sig.slice(32, 64)), v });
  return addressOfPublicKey(SigningKey.recoverPublicKey(hash, signature));
}

/** Signs a txID or block hash as java-tron and tronweb do: r‖s‖v with v 27/28. */
export function signHash(privateKey: string, hash: Uint8Array): Uint8Array {
  const sig = new SigningKey(`0x${privateKey.replace(/^0x/, '')}`).sign(hash);
  return Uint8Array.from([...fromHex(sig.r), ...fromHex(sig.s), sig.v]);
}

/**
 * TransactionCapsule.validatePubSignature for an account with the default permissions (owner id 0
 * and active id 2 both hold the owner's single key, threshold 1). Returns an error message or null.
 */
export function checkSignatures(
  hash: Uint8Array,
  signatures: Uint8Array[],
  owner: string,
  permissionId: number,
): string | null {
  if (signatures.length === 0) return 'miss sig or contract';
  if (permissionId !== 0 && permissionId !== 2) return "permission isn't exit";
  if (signatures.length > 1)
    return `Signature count is ${signatures.length} more than key counts of permission : 1`;
  const sig = signatures[0];
  if (sig.length < 65) return `Signature size is ${sig.length}`;
  let signer: string;
  try {
    signer = recoverAddress(hash, sig);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  if (signer !== owner)
    return `${toHex(sig)} is signed by ${encode58Check(fromHex(signer))} but it is not contained of permission.`;
  return null;
}
