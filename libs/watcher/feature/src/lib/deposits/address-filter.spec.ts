import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { AddressFilter } from './address-filter';

/** Deterministic pseudo-random bytes: 19 for each of 400,000 keys. */
const noise = createHash('shake256', { outputLength: 19 * 400_000 })
  .update('address-filter')
  .digest();

const filterOf = (keys: Iterable<string>): AddressFilter => {
  const filter = new AddressFilter();
  for (const key of keys) filter.add(key);
  return filter;
};

describe('AddressFilter', () => {
  it.each([
    [
      'a bech32 address',
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n8',
    ],
    [
      'a lower-case EVM address',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ],
    [
      'a base58 address (case matters)',
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      'tJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    ],
    ['the empty string', '', ' '],
    ['a non-ASCII key', 'адрес-€-😀', 'адрес-€-😁'],
  ])('holds %s and not its one-character neighbour', (_name, key, neighbour) => {
    const filter = filterOf([key]);
    expect(filter.mayContain(key)).toBe(true);
    expect(filter.mayContain(neighbour)).toBe(false);
  });

  it('holds every key added, counted once, and no other key, whatever the keys', () => {
    const key = fc.string({ unit: 'binary', maxLength: 64 });
    fc.assert(
      fc.property(fc.array(key, { maxLength: 300 }), key, (keys, stranger) => {
        fc.pre(!keys.includes(stranger));
        const filter = filterOf([...keys, ...keys]);
        expect(keys.every((added) => filter.mayContain(added))).toBe(true);
        expect(filter.mayContain(stranger)).toBe(false);
        expect(filter.size).toBe(new Set(keys).size);
      }),
    );
  });

  it.each([
    // Same length and alphabet, differing in a character or two: where a weak mix collides.
    ['similar', (i: number) => `ltc1q${i.toString(36).padStart(38, '0')}`],
    // Unrelated: a 32-bit fingerprint would let about 9 of 200,000 through.
    ['unrelated', (i: number) => `ltc1q${noise.toString('hex', 19 * i, 19 * i + 19).slice(0, 38)}`],
  ])('answers no for 200,000 %s keys never added, next to 200,000 added', (_name, key) => {
    const filter = new AddressFilter();
    for (let i = 0; i < 200_000; i++) filter.add(key(i));
    const passed = { added: 0, absent: [] as string[] };
    for (let i = 0; i < 200_000; i++) {
      if (filter.mayContain(key(i))) passed.added++;
      if (filter.mayContain(key(200_000 + i))) passed.absent.push(key(200_000 + i));
    }

    expect(passed).toEqual({ added: 200_000, absent: [] });
  });

  it('holds 1,000,000 keys in 16 MiB of typed array', () => {
    const filter = new AddressFilter();
    for (let i = 0; i < 1_000_000; i++) filter.add(`0x${i.toString(16).padStart(40, '0')}`);

    expect(filter.size).toBe(1_000_000);
    expect(filter.bytes).toBe(16 * 2 ** 20);
  });
});
