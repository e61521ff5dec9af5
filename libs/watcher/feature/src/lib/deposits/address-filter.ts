import { fingerprint } from './address-fingerprint';

const MIN_SLOTS = 1024;
/** Linear probing stays short (about 2.5 probes for an absent key) below half full. */
const MAX_LOAD = 0.5;

/**
 * A set of address keys kept as 64-bit fingerprints in one typed array (open addressing, linear
 * probing): a million addresses take 16 MB, where a Set of strings takes hundreds. It answers "may
 * contain": a key absent but sharing a fingerprint passes, about once in 2^64 / size lookups.
 * Nothing is ever removed.
 */
export class AddressFilter {
  /** Slot i is [2i] = high half, [2i + 1] = low half of a fingerprint; 0:0 is empty. */
  private slots: Uint32Array;
  private count = 0;
  private readonly scratch = new Uint32Array(2);

  constructor(expected = 0) {
    let slots = MIN_SLOTS;
    while (slots * MAX_LOAD < expected) slots *= 2;
    this.slots = new Uint32Array(slots * 2);
  }

  /** Distinct keys added. */
  get size(): number {
    return this.count;
  }

  /** Memory held by the table. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  add(key: string): void {
    if (this.count + 1 > (this.slots.length / 2) * MAX_LOAD) this.grow();
    fingerprint(key, this.scratch);
    if (this.insert(this.scratch[0], this.scratch[1])) this.count++;
  }

  mayContain(key: string): boolean {
    fingerprint(key, this.scratch);
    return this.find(this.scratch[0], this.scratch[1]) >= 0;
  }

  /** The slot holding hi:lo, or -1 - the empty slot where it belongs. */
  private find(hi: number, lo: number): number {
    const { slots } = this;
    const mask = slots.length / 2 - 1;
    for (let slot = lo & mask; ; slot = (slot + 1) & mask) {
      const slotHi = slots[2 * slot];
      const slotLo = slots[2 * slot + 1];
      if (slotHi === hi && slotLo === lo) return slot;
      if (slotHi === 0 && slotLo === 0) return -1 - slot;
    }
  }

  /** False when already present. */
  private insert(hi: number, lo: number): boolean {
    const found = this.find(hi, lo);
    if (found >= 0) return false;
    const slot = -1 - found;
    this.slots[2 * slot] = hi;
    this.slots[2 * slot + 1] = lo;
    return true;
  }

  /** Doubles the table; the fingerprints alone place the entries again, no key is needed. */
  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i], old[i + 1]);
    }
  }
}
