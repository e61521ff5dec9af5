import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { addressFromScript, scriptFromAddress } from './address-codec';
import { addressParams, type UtxoNetwork } from './utxo-network';
import type { Chain } from '@swap/chain-keys';

const P2WPKH = '0014751e76e8199196d454941c45d1b3a323f1433bd6';
const P2WSH = '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262';
const P2TR = '5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c';
const P2PKH = '76a91462e907b15cbf27d5425399ebf6f0fb50ebb88f1888ac';
const P2SH = 'a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87';

// Bitcoin: BIP173 (bc1q…), BIP86 (bc1p…), the genesis coinbase key (1A1z…), the Bitcoin wiki's P2SH
// example; bcrt from bitcoinjs-lib's regtest network. Litecoin: litecoind 0.21.2.1's decodescript
// of the same scripts on mainnet and regtest.
const VECTORS: Array<[UtxoNetwork, Chain, string, string]> = [
  ['BTC', 'mainnet', P2WPKH, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['BTC', 'mainnet', P2WSH, 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
  ['BTC', 'mainnet', P2TR, 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'],
  ['BTC', 'mainnet', P2PKH, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['BTC', 'mainnet', P2SH, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['BTC', 'regtest', P2WPKH, 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
  ['BTC', 'regtest', P2WSH, 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'],
  ['BTC', 'testnet', P2PKH, 'mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt'],
  ['LTC', 'mainnet', P2WPKH, 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'],
  ['LTC', 'mainnet', P2WSH, 'ltc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qmu8tk5'],
  ['LTC', 'mainnet', P2TR, 'ltc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxq4arnzx'],
  ['LTC', 'mainnet', P2PKH, 'LUEweDxDA4WhvWiNXXSxjM9CYzHPJv4QQF'],
  ['LTC', 'mainnet', P2SH, 'MQMHBtvnBfxTzt3K2bdxgSE7qZPHSXWsGM'],
  ['LTC', 'regtest', P2WPKH, 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7k693xs3'],
  ['LTC', 'regtest', P2TR, 'rltc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqytm4cm'],
  ['LTC', 'regtest', P2PKH, 'mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt'],
  ['LTC', 'regtest', P2SH, 'Qd474mK5s7fUYMA1DxJWZSQQsbSq6maeug'],
];

describe('UTXO address codec', () => {
  it.each(VECTORS)('%s %s: %s is %s', (network, chain, script, address) => {
    const params = addressParams(network, chain);
    expect(addressFromScript(hexToBytes(script), params)).toBe(address);
    expect(bytesToHex(scriptFromAddress(address, params))).toBe(script);
  });

  it('reads upper-case bech32 and Bitcoin-style P2SH on Litecoin, as litecoind does', () => {
    const ltc = addressParams('LTC', 'mainnet');
    expect(bytesToHex(scriptFromAddress('LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9', ltc))).toBe(P2WPKH);
    expect(bytesToHex(scriptFromAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', ltc))).toBe(P2SH);
  });

  it('names no address for other scripts', () => {
    const btc = addressParams('BTC', 'mainnet');
    const others = [
      '6a24aa21a9ed777502b8abb89480e103dd48b00a919b95b5390ba620a275c0429c35ac8e702b', // OP_RETURN
      '21' + '02'.padEnd(66, '1') + 'ac', // P2PK
      '5214' + '11'.repeat(20), // witness v2
      '0015' + '11'.repeat(21), // v0 of 21 bytes
      '5114' + '11'.repeat(20), // v1 of 20 bytes
      '0014' + '11'.repeat(19), // length byte lies
      '',
    ];
    for (const script of others) expect(addressFromScript(hexToBytes(script), btc)).toBeNull();
  });

  it('refuses addresses of another chain, bad checksums, the wrong bech32 variant and mixed case', () => {
    const btc = addressParams('BTC', 'mainnet');
    const refused = [
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', // Litecoin
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', // regtest
      'mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt', // testnet P2PKH
      'LUEweDxDA4WhvWiNXXSxjM9CYzHPJv4QQF',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // checksum
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 in bech32m (BIP350)
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // v1 in bech32 (BIP350)
      'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // mixed case
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      '',
    ];
    for (const address of refused) expect(() => scriptFromAddress(address, btc)).toThrow(/not an address/);
  });
});
