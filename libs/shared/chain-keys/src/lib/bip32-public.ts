import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { u32be } from './bytes';

const { Point } = secp256k1;
type SecpPoint = InstanceType<typeof Point>;
const N = Point.CURVE().n;

/**
 * A BIP32 public node kept as a decoded point. HDKey.deriveChild decompresses the parent and
 * re-validates the child on every call; a watcher deriving a million children of one branch
 * saves that by doing CKDpub here: child = parent + IL·G, IL = HMAC-SHA512(c, serP(K) || i)[:32].
 */
export class PublicBranch {
  private constructor(
    private readonly point: SecpPoint,
    private readonly key: Uint8Array,
    private readonly chainCode: Uint8Array,
  ) {}

  /** The receive branch (account/0) of an account xpub. */
  static receiveBranch(xpub: string): PublicBranch {
    const node = HDKey.fromExtendedKey(xpub).deriveChild(0);
    const key = node.publicKey as Uint8Array;
    return new PublicBranch(Point.fromBytes(key), key, node.chainCode as Uint8Array);
  }

  /** Non-hardened child `index` (< 2^31, checked by the caller). */
  child(index: number): SecpPoint {
    const I = hmac(sha512, this.chainCode, concatBytes(this.key, u32be(index)));
    const tweak = bytesToNumberBE(I.subarray(0, 32));
    // BIP32 makes such an index invalid (probability below 2^-127); never silently use another.
    if (tweak >= N) throw new Error(`BIP32 child ${index} is invalid; skip this index`);
    const child = tweak === 0n ? this.point : this.point.add(Point.BASE.multiply(tweak));
    if (child.is0()) throw new Error(`BIP32 child ${index} is invalid; skip this index`);
    return child;
  }
}
