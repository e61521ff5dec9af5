import { CURRENCY_CODES, type CurrencyCode, type SwapError } from '@swap/domain';
import { INVALID_ADDRESSES, VALID_ADDRESSES } from '@swap/domain/testing';
import { addressCheckView, checkAddress, parseAddressCheck } from './address-check';
import { parseCreateRequest } from './swap-request.parser';
import type { ApiKeyInfo } from '@swap/contracts';

const VALID = VALID_ADDRESSES;
const INVALID = INVALID_ADDRESSES;

const key = { fixedRateEnabled: true, dryrunEnabled: true, partnerPercent: '0' } as ApiKeyInfo;

/** What create says of the same address as a destination: the rules D15 must share. */
function createAccepts(code: CurrencyCode, address: string): boolean {
  const from = code === 'BTC' ? 'ETH' : 'BTC';
  try {
    parseCreateRequest({ from, to: code, amount: '1', toAddress: address }, key);
    return true;
  } catch (err) {
    if ((err as SwapError).code === 'INVALID_TO_ADDRESS') return false;
    throw err;
  }
}

describe('address validation (D15)', () => {
  it.each(CURRENCY_CODES)('%s: a valid address is valid, with no reason', (code) => {
    expect(checkAddress({ code, address: VALID[code] })).toEqual({ valid: true, reason: null });
    expect(createAccepts(code, VALID[code])).toBe(true);
  });

  it.each(CURRENCY_CODES)('%s: an invalid one is not, and says what was expected', (code) => {
    const view = checkAddress({ code, address: INVALID[code] });
    expect(addressCheckView.parse(view)).toEqual(view); // the declared shape, the OpenAPI AddressCheck
    const { valid, reason } = view;
    expect(valid).toBe(false);
    expect(reason).toMatch(new RegExp(`^Not a valid ${code} address: expected .+\\.$`));
    expect(createAccepts(code, INVALID[code])).toBe(false);
  });

  it('trims the address as create does', () => {
    expect(checkAddress(parseAddressCheck({ code: 'BTC', address: `  ${VALID.BTC}\n` })).valid).toBe(true);
    expect(checkAddress(parseAddressCheck({ code: 'BTC', address: '   ' }))).toMatchObject({ valid: false });
  });

  it("follows the network's configured chain", () => {
    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    expect(checkAddress({ code: 'BTC', address: testnet }).valid).toBe(false);
    expect(checkAddress({ code: 'BTC', address: testnet }, { BTC: 'testnet' })).toEqual({
      valid: true,
      reason: null,
    });
    expect(checkAddress({ code: 'BTC', address: VALID.BTC }, { BTC: 'testnet' }).reason).toBe(
      'Not a valid BTC address on testnet: expected a bech32 or legacy Bitcoin address.',
    );
  });

  it.each<[Record<string, unknown>, string]>([
    [{ code: 'DOGE', address: 'D8...' }, 'UNKNOWN_CURRENCY'],
    [{ address: VALID.BTC }, 'MISSING_FIELD'],
    [{ code: 'BTC' }, 'MISSING_FIELD'],
    [{ code: 'BTC', address: 42 }, 'WRONG_TYPE'],
  ])('refuses %j with %s (400)', (body, code) => {
    expect(() => parseAddressCheck(body)).toThrow(expect.objectContaining({ code, status: 400 }));
  });
});
