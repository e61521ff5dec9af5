import { decodeBase58, decodeBase58Check, decodeMoneroBase58 } from './base58';

const hex = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString('hex'));

describe('base58', () => {
  // Bitcoin Core's base58_encode_decode.json.
  it.each([
    ['', ''],
    ['2g', '61'],
    ['a3gV', '626262'],
    ['2cFupjhnEsSn59qHXstmK2ffpLv2', '73696d706c792061206c6f6e6720737472696e67'],
    ['1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L', '00eb15231dfceb60925886b67d065299925915aeb172c06647'],
    ['3SEo3LWLoPntC', 'bf4f89001e670274dd'],
    ['1111111111', '00000000000000000000'],
  ])('decodes %j', (text, bytes) => {
    expect(hex(decodeBase58(text))).toBe(bytes);
  });

  it.each(['0', 'O', 'I', 'l', ' 2g', '2g\n'])('refuses %j (outside the alphabet)', (text) => {
    expect(decodeBase58(text)).toBeNull();
  });
});

describe('base58check', () => {
  it("decodes the genesis block's address to its version byte and key hash", () => {
    expect(hex(decodeBase58Check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'))).toBe(
      '0062e907b15cbf27d5425399ebf6f0fb50ebb88f18',
    );
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'a wrong checksum'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf', 'truncated'],
    ['2g', 'shorter than a checksum'],
  ])('refuses %s (%s)', (text) => {
    expect(decodeBase58Check(text)).toBeNull();
  });
});

describe("Monero's base58", () => {
  // Monero's tests/unit_tests/base58.cpp: a block of n bytes is always the same number of characters.
  it.each([
    ['11', '00'],
    ['5Q', 'ff'],
    ['15R', '0100'],
    ['LUv', 'ffff'],
    ['2UzHL', 'ffffff'],
    ['11111111111', '0000000000000000'],
    ['jpXCZedGfVQ', 'ffffffffffffffff'],
    ['22222222222VtB5VXc', '06156013762879f7ffffffffff'],
  ])('decodes %s', (text, bytes) => {
    expect(hex(decodeMoneroBase58(text))).toBe(bytes);
  });

  it.each([
    ['5R', 'a 1-byte block over 0xff'],
    ['LUw', 'a 2-byte block over 0xffff'],
    ['jpXCZedGfVR', 'an 8-byte block over 2^64 - 1'],
    ['1', 'a last block of a length no byte count has'],
    ['1111', 'a last block of a length no byte count has'],
    ['11O', 'a character outside the alphabet'],
  ])('refuses %s (%s)', (text) => {
    expect(decodeMoneroBase58(text)).toBeNull();
  });
});
