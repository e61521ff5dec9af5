import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  decodeDevnetTx,
  devnetTxid,
  devnetTxMessage,
  encodeDevnetTx,
  type DevnetSignedTx,
} from './devnet-tx';

const tx: DevnetSignedTx = {
  network: 'ETH',
  from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  currency: 'USDTERC',
  amount: 123_456_789n,
  nonce: 4,
  fee: 1_300_000_000_000_000n,
  publicKey: new Uint8Array(33).fill(2),
  signature: new Uint8Array(65).fill(7),
};
const rawOf = (json: string) => bytesToHex(utf8ToBytes(json));

describe('devnet transaction encoding', () => {
  it('round-trips a signed transaction', () => {
    expect(decodeDevnetTx(encodeDevnetTx(tx))).toEqual(tx);
  });

  it('hashes the unsigned body only: the txid does not depend on the signature', () => {
    expect(devnetTxid(tx)).toMatch(/^[0-9a-f]{64}$/);
    expect(devnetTxid({ ...tx, signature: new Uint8Array(65) } as DevnetSignedTx)).toBe(devnetTxid(tx));
    expect(devnetTxid({ ...tx, nonce: 5 })).not.toBe(devnetTxid(tx));
    expect(new TextDecoder().decode(devnetTxMessage(tx))).not.toContain('signature');
  });

  it('refuses every encoding but the canonical one', () => {
    const json = JSON.parse(Buffer.from(encodeDevnetTx(tx), 'hex').toString('utf8'));
    const reordered = { signature: json.signature, ...json };
    expect(() => decodeDevnetTx(rawOf(JSON.stringify(reordered)))).toThrow(/canonical/);
    expect(() => decodeDevnetTx(rawOf(JSON.stringify(json, null, 1)))).toThrow(/canonical/);
    expect(() => decodeDevnetTx(rawOf(JSON.stringify({ ...json, amount: '0123' })))).toThrow();
    expect(() => decodeDevnetTx(rawOf(JSON.stringify({ ...json, extra: 1 })))).toThrow();
    expect(() => decodeDevnetTx(encodeDevnetTx(tx).toUpperCase())).toThrow(/hex/);
    expect(() => decodeDevnetTx('zz')).toThrow(/hex/);
    expect(() => decodeDevnetTx(rawOf('not json'))).toThrow(/JSON/);
  });
});
