/**
 * One transaction pays several orders: each gets an equal share of its fee, the first ones a
 * piconero more until the shares add up to the fee exactly.
 */
export function splitFee(fee: bigint, parts: number): bigint[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('a fee splits into at least one part');
  if (fee < 0n) throw new RangeError('a fee is not negative');
  const n = BigInt(parts);
  const share = fee / n;
  const remainder = fee % n;
  return Array.from({ length: parts }, (_, i) => share + (BigInt(i) < remainder ? 1n : 0n));
}
