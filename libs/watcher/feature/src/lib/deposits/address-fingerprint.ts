// Bound once: a global lookup per character costs a hundredfold inside a VM context (jest).
const { imul } = Math;

/**
 * A 64-bit fingerprint of a string, written to `out` as two unsigned 32-bit halves so the hot path
 * allocates nothing. Two lanes of different multiply-and-shift steps run over the UTF-16 units;
 * each step is a bijection of its lane, so strings of one length differing in one unit never
 * collide. Never 0:0, which marks an empty slot in AddressFilter.
 */
export function fingerprint(key: string, out: Uint32Array): void {
  let a = 0x2f6b9c51 ^ key.length;
  let b = 0x7a1d3e0b;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    a = imul(a ^ unit, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = imul(b + unit, 0x85ebca77);
    b ^= b >>> 13;
  }
  const hi = avalanche(a);
  const lo = avalanche(b ^ hi);
  out[0] = hi;
  out[1] = hi === 0 && lo === 0 ? 1 : lo;
}

/** Spreads every input bit over the whole word (a bijection), so the low bits can index a table. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}
