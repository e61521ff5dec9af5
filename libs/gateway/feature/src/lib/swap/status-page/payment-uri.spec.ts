import type { CurrencyCode } from '@swap/domain';
import { MAINNET_PAYMENT_CHAINS, paymentUri } from './payment-uri';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('payment URIs of the status page', () => {
  it.each<[CurrencyCode, string, string, string]>([
    ['BTC', 'bc1qdeposit', '0.01234500', 'bitcoin:bc1qdeposit?amount=0.012345'],
    ['LTC', 'ltc1qdeposit', '1.50000000', 'litecoin:ltc1qdeposit?amount=1.5'],
    ['LTC', 'ltc1qdeposit', '2.00000000', 'litecoin:ltc1qdeposit?amount=2'],
    ['XMR', '8Bsub', '0.12345678', 'monero:8Bsub?tx_amount=0.12345678'],
    // 0.1 ETH is exactly 10^17 wei: no float, no exponent.
    ['ETH', EVM, '0.10000000', `ethereum:${EVM}@1?value=100000000000000000`],
    ['ETH', EVM, '1234.56789012', `ethereum:${EVM}@1?value=1234567890120000000000`],
    ['AVAX', EVM, '12.30000000', `ethereum:${EVM}@43114?value=12300000000000000000`],
    [
      'USDTERC',
      EVM,
      '250.000001',
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM}&uint256=250000001`,
    ],
    ['SOL', '7EcDhSYGxX', '5.00000001', 'solana:7EcDhSYGxX?amount=5.00000001'],
    ['TRX', 'TLa2f6VPqD', '500.000000', 'TLa2f6VPqD'],
    ['USDTTRC', 'TLa2f6VPqD', '200.000000', 'TLa2f6VPqD'],
  ])('%s %s %s → %s', (code, address, amount, uri) => {
    expect(paymentUri(code, address, amount, MAINNET_PAYMENT_CHAINS)).toBe(uri);
  });

  it('amounts beyond a double’s precision stay exact', () => {
    // 9007199254.74099317 ETH: 2^53 + a little, in wei, which a Number cannot hold.
    expect(paymentUri('ETH', EVM, '9007199254.74099317', MAINNET_PAYMENT_CHAINS)).toBe(
      `ethereum:${EVM}@1?value=9007199254740993170000000000`,
    );
    expect(paymentUri('BTC', 'bc1q', '20999999.97690000', MAINNET_PAYMENT_CHAINS)).toBe(
      'bitcoin:bc1q?amount=20999999.9769',
    );
  });

  it('takes the chain ids and the token contract it is configured with', () => {
    const sepolia = {
      ethChainId: 11155111n,
      avaxChainId: 43113n,
      usdtErcContract: '0x7169D38820dfd117C3FA1f22a697dBA58d90BA06',
    };
    expect(paymentUri('ETH', EVM, '1', sepolia)).toBe(`ethereum:${EVM}@11155111?value=1000000000000000000`);
    expect(paymentUri('AVAX', EVM, '1', sepolia)).toBe(`ethereum:${EVM}@43113?value=1000000000000000000`);
    expect(paymentUri('USDTERC', EVM, '1', sepolia)).toBe(
      `ethereum:0x7169D38820dfd117C3FA1f22a697dBA58d90BA06@11155111/transfer?address=${EVM}&uint256=1000000`,
    );
  });
});
