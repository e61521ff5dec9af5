import { decodeMoneroRaw, encodeMoneroRaw } from './signed-raw';

describe('Monero raw transactions', () => {
  it('round-trips the blob and the wallet metadata', () => {
    const raw = { txHex: '02000102', metadata: '0a0b' };
    expect(decodeMoneroRaw(encodeMoneroRaw(raw))).toEqual(raw);
  });

  it.each(['', '0200', '0200:', ':0a', '02:0a:0b', '0g00:0a', '020:0a'])('refuses %p', (text) => {
    expect(decodeMoneroRaw(text)).toBeNull();
  });
});
