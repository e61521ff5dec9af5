/** Tron: base58check of 0x41 followed by the 20-byte account hash (34 characters, starts with T). */
import { decodeBase58Check } from './base58';

const TRON_VERSION = 0x41;

export function isTronAddress(text: string): boolean {
  if (text.length !== 34 || !text.startsWith('T')) return false;
  const payload = decodeBase58Check(text);
  return payload?.length === 21 && payload[0] === TRON_VERSION;
}
