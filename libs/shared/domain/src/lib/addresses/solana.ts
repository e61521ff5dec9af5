/** Solana: an ed25519 public key (or program-derived address), base58 of exactly 32 bytes. */
import { decodeBase58 } from './base58';

export function isSolanaAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  return decodeBase58(text)?.length === 32;
}
