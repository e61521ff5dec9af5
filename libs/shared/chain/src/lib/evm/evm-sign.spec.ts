import { keccak256, Transaction } from 'ethers';
import { addressKey, mnemonicToSeed } from '@swap/chain-keys';
import { nextNonce } from './evm-nonces';
import { signEvmTransaction, type EvmTxFields } from './evm-sign';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const hot = addressKey(seed, 'ETH', 0);
const deposit = addressKey(seed, 'ETH', 1);
const fields: EvmTxFields = {
  chainId: 1n,
  nonce: 7,
  to: deposit.address,
  value: 10n ** 17n,
  data: '0x',
  gasLimit: 21_000n,
  maxFeePerGas: 30_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};

describe('signEvmTransaction', () => {
  it('signs a type-2 transaction that recovers to the signing address', () => {
    const signed = signEvmTransaction('ETH', fields, hot);
    const tx = Transaction.from(signed.raw);
    expect(tx).toMatchObject({ type: 2, from: hot.address, ...fields });
    expect(signed).toEqual({
      network: 'ETH',
      txid: keccak256(signed.raw),
      raw: signed.raw,
      fee: 21_000n * 30_000_000_000n,
      feeCurrency: 'ETH',
      txKey: null,
    });
  });

  it('binds the chain id: the same order on AVAX is another transaction', () => {
    const eth = signEvmTransaction('ETH', fields, hot);
    const avax = signEvmTransaction('AVAX', { ...fields, chainId: 43114n }, hot);
    expect(Transaction.from(avax.raw).chainId).toBe(43114n);
    expect(avax.txid).not.toBe(eth.txid);
  });

  it('refuses a key that does not belong to the address it claims', () => {
    expect(() => signEvmTransaction('ETH', fields, { ...deposit, address: hot.address })).toThrow(
      'does not sign for',
    );
  });
});

describe('nextNonce', () => {
  const stored = (signer: typeof hot, nonce: number) =>
    signEvmTransaction('ETH', { ...fields, nonce }, signer).raw;

  it('follows the node when the store holds nothing newer', () => {
    expect(nextNonce(hot.address, 5, [])).toBe(5);
    expect(nextNonce(hot.address, 5, [stored(hot, 3)])).toBe(5);
  });

  it('follows signed transactions the node has not seen', () => {
    expect(nextNonce(hot.address, 5, [stored(hot, 5), stored(hot, 6)])).toBe(7);
    expect(nextNonce(hot.address.toLowerCase(), 0, [stored(hot, 0)])).toBe(1);
  });

  it('ignores transactions of other addresses', () => {
    expect(nextNonce(hot.address, 5, [stored(deposit, 9)])).toBe(5);
  });
});
